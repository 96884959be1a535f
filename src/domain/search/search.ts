import { fold, queryWords } from './fold';

/**
 * Global search (spec 002, sections 3, 5 and 9): relevance scoring, filters, sort and the
 * per-category cut, over an index built once from the searchable documents. Pure: the browser
 * builds the index from what it already loaded (docs/decisions.md, "Global search").
 */

/** Points per field and word (spec 002, section 5). */
export const MATCH_SCORES = { exact: 100, prefix: 80, contains: 50, subsequence: 20 } as const;
/** Spec 002, section 9. */
export const SEARCH_DEBOUNCE_MS = 300;
export const RESULTS_PER_CATEGORY = 20;
export const SEARCH_SORTS = ['relevance', 'date', 'amount'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The result's details shown or used by the palette (spec 002, section 3, search result). */
export type SearchResultMetadata = {
  /** A decimal string, in `currency`. */
  amount?: string;
  currency?: string;
  symbol?: string;
  quantity?: string;
  currentPrice?: string;
  /** Percent complete, 0 to 100. */
  progress?: number;
  status?: string;
  priority?: string;
  targetDate?: string;
  date?: string;
  assetId?: string;
  type?: string;
  fees?: string;
  exchange?: string;
  sector?: string;
  platform?: string;
  expectedReturn?: string;
  bank?: string;
  accountType?: string;
  propertyType?: string;
  rentalIncome?: string;
};

/** One thing the user can find. */
export type SearchDocument = {
  id: string;
  /** What it is (a source's kind: 'holding', 'transaction', 'page'...), for the type filter. */
  type: string;
  /** The group it shows in; groups keep the order in which their first document comes. */
  category: string;
  title: string;
  description?: string;
  /** Where selecting it goes. */
  path: string;
  icon?: string;
  demo?: boolean;
  /** The texts a query is matched against (title, symbol, type names in both languages...). */
  keywords: readonly string[];
  /** ISO 8601 date, for the date range and the date sort. */
  date?: string;
  /** For the amount range and the amount sort (the shown amount is `metadata.amount`). */
  amount?: number;
  metadata?: SearchResultMetadata;
};

export type SearchResult = {
  id: string;
  title: string;
  description?: string;
  type: string;
  category: string;
  path: string;
  icon?: string;
  demo?: boolean;
  relevanceScore: number;
  metadata: SearchResultMetadata;
};

export type SearchFilters = {
  /** Only these document types (none or empty: all). */
  types?: readonly string[];
  /** Inclusive ISO dates; documents without a date are left out when either is set. */
  from?: string;
  to?: string;
  /** Inclusive; documents without an amount are left out when either is set. */
  minAmount?: number;
  maxAmount?: number;
};

export type SearchOptions = SearchFilters & {
  sort?: SearchSort;
  limitPerCategory?: number;
};

export type SearchGroup = {
  category: string;
  results: SearchResult[];
  /** Every match in the category, before the cut. */
  total: number;
};

export type SearchAnswer = {
  groups: SearchGroup[];
  /** Results shown (after the per-category cut). */
  count: number;
  /** Every document that matched. */
  matched: number;
};

/** Letters a-z, one bit each (a text can hold a word only if it holds all its letters). */
function letterMask(text: string) {
  let mask = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 97 && code <= 122) mask |= 1 << (code - 97);
  }
  return mask;
}

/** Digits 0-9 one bit each, anything else but letters and spaces bit 10. */
function otherMask(text: string) {
  let mask = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) mask |= 1 << (code - 48);
    else if (code !== 32 && (code < 97 || code > 122)) mask |= 1 << 10;
  }
  return mask;
}

/** The word's letters appear in the field in order (gaps allowed): "arbs" in "airbus". */
export function isSubsequence(field: string, word: string) {
  const wanted = word.length;
  if (wanted > field.length) return false;
  let found = 0;
  for (let i = 0; i < field.length && found < wanted; i += 1) {
    if (field.charCodeAt(i) === word.charCodeAt(found)) found += 1;
  }
  return found === wanted;
}

/** One folded field against one folded word: 100, 80, 50, 20 or 0. */
export function scoreWord(field: string, word: string) {
  const at = field.indexOf(word);
  if (at === 0) return field.length === word.length ? MATCH_SCORES.exact : MATCH_SCORES.prefix;
  if (at > 0) return MATCH_SCORES.contains;
  return isSubsequence(field, word) ? MATCH_SCORES.subsequence : 0;
}

/** The relevance of texts for a query: the sum over every field and word (folds both). */
export function relevance(fields: readonly string[], query: string) {
  const words = queryWords(query);
  let score = 0;
  for (const field of fields) {
    const folded = fold(field);
    for (const word of words) score += scoreWord(folded, word);
  }
  return score;
}

/**
 * One query word's score in every document that it matches (the others stay 0). Kept for the
 * next keystrokes: a longer word only matches texts its start matched (every match kind implies
 * the in-order letters), so "belm" compares only the texts "bel" matched.
 */
type WordSlot = {
  word: string;
  /** Per distinct text. */
  textScores: Int32Array;
  /** Per document. */
  scores: Int32Array;
  hits: Int32Array;
  hitCount: number;
  lastUsed: number;
  /** The search that last used it (a search never evicts its own words). */
  search: number;
};

/** Words remembered per index (three arrays of the index's size each). */
const WORD_SLOTS = 6;

/**
 * Documents with their keywords folded once and stored once per distinct text (a holding's name
 * is shared by its transactions, a type or a date by many), letter masks to skip what cannot
 * match, the words of the last keystrokes, and the scratch arrays a search reuses: a keystroke
 * allocates only the results it returns. One index serves one search at a time.
 */
export type SearchIndex = {
  readonly documents: readonly SearchDocument[];
  readonly size: number;
  /** The distinct folded keywords, with their letter and digit masks. */
  readonly texts: readonly string[];
  readonly textLetters: Int32Array;
  readonly textOthers: Int32Array;
  /** Document i's keywords are texts[textIds[k]] for k in fieldStart[i] .. fieldStart[i + 1] - 1. */
  readonly textIds: Int32Array;
  readonly fieldStart: Int32Array;
  /** Each document's letters and digits (any keyword's). */
  readonly letters: Int32Array;
  readonly others: Int32Array;
  /** The documents holding text t: postings[postingStart[t]] .. postings[postingStart[t + 1] - 1]. */
  readonly postingStart: Int32Array;
  readonly postings: Int32Array;
  readonly amounts: Float64Array;
  readonly categories: readonly string[];
  readonly categoryOf: Int32Array;
  /** Scratch below. */
  readonly slots: WordSlot[];
  readonly top: Int32Array[];
  readonly topCount: Int32Array;
  readonly categoryTotal: Int32Array;
  readonly scores: Float64Array;
  readonly stamp: Int32Array;
  readonly union: Int32Array;
  clock: number;
};

export function buildSearchIndex(documents: readonly SearchDocument[]): SearchIndex {
  const size = documents.length;
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const textLetters: number[] = [];
  const textOthers: number[] = [];
  const textIds: number[] = [];
  const fieldStart = new Int32Array(size + 1);
  const amounts = new Float64Array(size);
  const categories: string[] = [];
  const categoryIndex = new Map<string, number>();
  const categoryOf = new Int32Array(size);
  const letters = new Int32Array(size);
  const others = new Int32Array(size);
  const foldedOnce = new Map<string, string>();
  for (let i = 0; i < size; i += 1) {
    const document = documents[i] as SearchDocument;
    fieldStart[i] = textIds.length;
    for (const keyword of document.keywords) {
      let folded = foldedOnce.get(keyword);
      if (folded === undefined) {
        folded = fold(keyword).trim();
        foldedOnce.set(keyword, folded);
      }
      if (!folded) continue;
      let id = textIndex.get(folded);
      if (id === undefined) {
        id = texts.length;
        textIndex.set(folded, id);
        texts.push(folded);
        textLetters.push(letterMask(folded));
        textOthers.push(otherMask(folded));
      }
      textIds.push(id);
      letters[i] = (letters[i] as number) | (textLetters[id] as number);
      others[i] = (others[i] as number) | (textOthers[id] as number);
    }
    amounts[i] = document.amount ?? Number.NaN;
    let category = categoryIndex.get(document.category);
    if (category === undefined) {
      category = categories.length;
      categoryIndex.set(document.category, category);
      categories.push(document.category);
    }
    categoryOf[i] = category;
  }
  fieldStart[size] = textIds.length;
  // Which documents hold each text (counted, then placed), so a word visits only those.
  const postingStart = new Int32Array(texts.length + 1);
  for (const id of textIds) postingStart[id + 1] = (postingStart[id + 1] as number) + 1;
  for (let t = 0; t < texts.length; t += 1)
    postingStart[t + 1] = (postingStart[t + 1] as number) + (postingStart[t] as number);
  const postings = new Int32Array(textIds.length);
  const filled = postingStart.slice(0, texts.length);
  for (let i = 0; i < size; i += 1) {
    for (let f = fieldStart[i] as number; f < (fieldStart[i + 1] as number); f += 1) {
      const id = textIds[f] as number;
      postings[filled[id] as number] = i;
      filled[id] = (filled[id] as number) + 1;
    }
  }
  return {
    documents,
    size,
    texts,
    textLetters: Int32Array.from(textLetters),
    textOthers: Int32Array.from(textOthers),
    textIds: Int32Array.from(textIds),
    fieldStart,
    letters,
    others,
    postingStart,
    postings,
    amounts,
    categories,
    categoryOf,
    slots: [],
    top: categories.map(() => new Int32Array(0)),
    topCount: new Int32Array(categories.length),
    categoryTotal: new Int32Array(categories.length),
    scores: new Float64Array(size),
    stamp: new Int32Array(size),
    union: new Int32Array(size),
    clock: 0,
  };
}

function clearSlot(slot: WordSlot) {
  for (let k = 0; k < slot.hitCount; k += 1) slot.scores[slot.hits[k] as number] = 0;
  slot.word = '';
  slot.hitCount = 0;
}

/** Forgets the remembered words (the next search looks at every document again). */
export function forgetWords(index: SearchIndex) {
  for (const slot of index.slots) clearSlot(slot);
}

function newSlot(index: SearchIndex): WordSlot {
  return {
    word: '',
    textScores: new Int32Array(index.texts.length),
    scores: new Int32Array(index.size),
    hits: new Int32Array(index.size),
    hitCount: 0,
    lastUsed: 0,
    search: -1,
  };
}

/** A slot to fill: a free one, else the least recently used one this search does not need. */
function freeSlot(index: SearchIndex, keep: WordSlot | undefined): WordSlot {
  for (const slot of index.slots) if (slot.word === '' && slot !== keep) return slot;
  if (index.slots.length < WORD_SLOTS) {
    const slot = newSlot(index);
    index.slots.push(slot);
    return slot;
  }
  let oldest: WordSlot | undefined;
  for (const slot of index.slots) {
    if (slot === keep || slot.search === index.clock) continue;
    if (!oldest || slot.lastUsed < oldest.lastUsed) oldest = slot;
  }
  if (oldest) {
    clearSlot(oldest);
    return oldest;
  }
  // A query of more words than slots: this word gets arrays of its own, not remembered.
  return newSlot(index);
}

/** The word's scores, remembered or computed (from the hits of a remembered word it extends). */
function scoreEveryDocument(index: SearchIndex, word: string): WordSlot {
  let base: WordSlot | undefined;
  for (const slot of index.slots) {
    if (slot.word === word) {
      slot.lastUsed = slot.search = index.clock;
      return slot;
    }
    // Whatever matches `word` also matches any in-order part of it.
    if (slot.word && isSubsequence(word, slot.word) && (!base || slot.hitCount < base.hitCount))
      base = slot;
  }
  const slot = freeSlot(index, base);
  const { texts, textLetters, textOthers, postingStart, postings } = index;
  const wordLetters = letterMask(word);
  const wordOthers = otherMask(word);

  // Each distinct text once. One letter or digit: the masks say whether a text holds it.
  const single = word.length === 1 && (wordLetters !== 0 || (wordOthers & (1 << 10)) === 0);
  const code = word.charCodeAt(0);
  const textScores = slot.textScores;
  const baseTexts = base ? base.textScores : null;
  /** How many (document, keyword) pairs the matching texts have. */
  let volume = 0;
  for (let t = 0; t < texts.length; t += 1) {
    if (
      (baseTexts && baseTexts[t] === 0) ||
      ((textLetters[t] as number) & wordLetters) !== wordLetters ||
      ((textOthers[t] as number) & wordOthers) !== wordOthers
    ) {
      textScores[t] = 0;
      continue;
    }
    const text = texts[t] as string;
    const score = single
      ? text.charCodeAt(0) !== code
        ? MATCH_SCORES.contains
        : text.length === 1
          ? MATCH_SCORES.exact
          : MATCH_SCORES.prefix
      : scoreWord(text, word);
    textScores[t] = score;
    if (score !== 0) volume += (postingStart[t + 1] as number) - (postingStart[t] as number);
  }

  // Then each document: the sum over its keywords. Either from the matching texts' postings
  // (few: a selective word) or by a pass over the candidates in order (many: sequential reads
  // beat scattered writes).
  const scores = slot.scores;
  const hits = slot.hits;
  let hitCount = 0;
  const candidates = base ? base.hits : null;
  const count = base ? base.hitCount : index.size;
  if (volume * 2 < count) {
    for (let t = 0; t < texts.length; t += 1) {
      const score = textScores[t] as number;
      if (score === 0) continue;
      const end = postingStart[t + 1] as number;
      for (let p = postingStart[t] as number; p < end; p += 1) {
        const i = postings[p] as number;
        const before = scores[i] as number;
        if (before === 0) {
          hits[hitCount] = i;
          hitCount += 1;
        }
        scores[i] = before + score;
      }
    }
  } else {
    const { textIds, fieldStart, letters, others } = index;
    for (let k = 0; k < count; k += 1) {
      const i = candidates ? (candidates[k] as number) : k;
      if (
        ((letters[i] as number) & wordLetters) !== wordLetters ||
        ((others[i] as number) & wordOthers) !== wordOthers
      )
        continue;
      let score = 0;
      const end = fieldStart[i + 1] as number;
      for (let f = fieldStart[i] as number; f < end; f += 1)
        score += textScores[textIds[f] as number] as number;
      if (score === 0) continue;
      scores[i] = score;
      hits[hitCount] = i;
      hitCount += 1;
    }
  }
  slot.word = word;
  slot.hitCount = hitCount;
  slot.lastUsed = slot.search = index.clock;
  return slot;
}

/** `a` comes before `b` in the chosen order (ties: relevance, then the documents' order). */
function before(index: SearchIndex, sort: SearchSort, a: number, b: number) {
  if (sort === 'date') {
    const dateA = (index.documents[a] as SearchDocument).date;
    const dateB = (index.documents[b] as SearchDocument).date;
    if (dateA !== dateB) {
      if (dateA === undefined) return false;
      if (dateB === undefined) return true;
      return dateA > dateB;
    }
  } else if (sort === 'amount') {
    const amountA = index.amounts[a] as number;
    const amountB = index.amounts[b] as number;
    if (amountA !== amountB && !(Number.isNaN(amountA) && Number.isNaN(amountB))) {
      if (Number.isNaN(amountA)) return false;
      if (Number.isNaN(amountB)) return true;
      return amountA > amountB;
    }
  }
  const scoreA = index.scores[a] as number;
  const scoreB = index.scores[b] as number;
  if (scoreA !== scoreB) return scoreA > scoreB;
  return a < b;
}

function passesFilters(
  index: SearchIndex,
  i: number,
  filters: SearchFilters,
  types: Set<string> | null,
) {
  const document = index.documents[i] as SearchDocument;
  if (types && !types.has(document.type)) return false;
  if (filters.from !== undefined || filters.to !== undefined) {
    const date = document.date?.slice(0, 10);
    if (date === undefined) return false;
    if (filters.from !== undefined && date < filters.from) return false;
    if (filters.to !== undefined && date > filters.to) return false;
  }
  if (filters.minAmount !== undefined || filters.maxAmount !== undefined) {
    const amount = index.amounts[i] as number;
    if (Number.isNaN(amount)) return false;
    if (filters.minAmount !== undefined && amount < filters.minAmount) return false;
    if (filters.maxAmount !== undefined && amount > filters.maxAmount) return false;
  }
  return true;
}

/**
 * The documents matching `query`, best first in each category, at most `limitPerCategory`
 * (20) per category. A blank query gives nothing; a document scoring 0 is left out.
 */
export function search(
  index: SearchIndex,
  query: string,
  options: SearchOptions = {},
): SearchAnswer {
  const words = queryWords(query);
  if (words.length === 0 || index.size === 0) return { groups: [], count: 0, matched: 0 };
  const sort = options.sort ?? 'relevance';
  const limit = Math.max(0, options.limitPerCategory ?? RESULTS_PER_CATEGORY);
  const types = options.types && options.types.length > 0 ? new Set(options.types) : null;
  const filtered =
    types !== null ||
    options.from !== undefined ||
    options.to !== undefined ||
    options.minAmount !== undefined ||
    options.maxAmount !== undefined;
  index.clock += 1;
  if (index.clock === 0x7fffffff) {
    index.clock = 1;
    index.stamp.fill(0);
    for (const slot of index.slots) slot.lastUsed = slot.search = 0;
  }
  const { scores, stamp, categoryOf, topCount, categoryTotal, clock } = index;
  const top = index.top as Int32Array[];

  // Each document's score: the sum of its words' scores, over the documents any word matched.
  let union: Int32Array = index.union;
  let unionCount = 0;
  if (words.length === 1) {
    const slot = scoreEveryDocument(index, words[0] as string);
    union = slot.hits;
    unionCount = slot.hitCount;
    const wordScores = slot.scores;
    for (let k = 0; k < unionCount; k += 1) {
      const i = union[k] as number;
      scores[i] = wordScores[i] as number;
    }
  } else {
    const slots = words.map((word) => scoreEveryDocument(index, word));
    let hits = 0;
    for (const slot of slots) hits += slot.hitCount;
    if (hits * 4 > index.size) {
      // Many matches: one pass over every document, in order, reads less than the hit lists.
      for (let i = 0; i < index.size; i += 1) {
        let score = 0;
        for (let w = 0; w < slots.length; w += 1)
          score += (slots[w] as WordSlot).scores[i] as number;
        if (score === 0) continue;
        scores[i] = score;
        union[unionCount] = i;
        unionCount += 1;
      }
    } else {
      for (const slot of slots) {
        for (let k = 0; k < slot.hitCount; k += 1) {
          const i = slot.hits[k] as number;
          if (stamp[i] !== clock) {
            stamp[i] = clock;
            scores[i] = 0;
            union[unionCount] = i;
            unionCount += 1;
          }
          scores[i] = (scores[i] as number) + (slot.scores[i] as number);
        }
      }
    }
  }

  for (let c = 0; c < index.categories.length; c += 1) {
    if ((top[c] as Int32Array).length !== limit) top[c] = new Int32Array(limit);
    topCount[c] = 0;
    categoryTotal[c] = 0;
  }
  let matched = 0;
  for (let k = 0; k < unionCount; k += 1) {
    const i = union[k] as number;
    if (filtered && !passesFilters(index, i, options, types)) continue;
    matched += 1;
    const category = categoryOf[i] as number;
    categoryTotal[category] = (categoryTotal[category] as number) + 1;
    // Keep the category's best `limit`, in order (insertion into a short sorted array).
    const best = top[category] as Int32Array;
    const count = topCount[category] as number;
    if (count === limit) {
      if (limit === 0) continue;
      const worst = best[limit - 1] as number;
      if (sort === 'relevance') {
        // The common case, without a call: not better than the worst kept.
        const score = scores[i] as number;
        const worstScore = scores[worst] as number;
        if (score < worstScore || (score === worstScore && i > worst)) continue;
      } else if (!before(index, sort, i, worst)) continue;
    }
    let at = count === limit ? limit - 1 : count;
    while (at > 0 && before(index, sort, i, best[at - 1] as number)) {
      best[at] = best[at - 1] as number;
      at -= 1;
    }
    best[at] = i;
    if (count < limit) topCount[category] = count + 1;
  }

  const groups: SearchGroup[] = [];
  let count = 0;
  for (let c = 0; c < index.categories.length; c += 1) {
    const shown = topCount[c] as number;
    if (shown === 0) continue;
    const results: SearchResult[] = [];
    for (let r = 0; r < shown; r += 1)
      results.push(toResult(index, (top[c] as Int32Array)[r] as number));
    groups.push({
      category: index.categories[c] as string,
      results,
      total: categoryTotal[c] as number,
    });
    count += shown;
  }
  return { groups, count, matched };
}

function toResult(index: SearchIndex, i: number): SearchResult {
  const document = index.documents[i] as SearchDocument;
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    type: document.type,
    category: document.category,
    path: document.path,
    icon: document.icon,
    demo: document.demo,
    relevanceScore: index.scores[i] as number,
    metadata: document.metadata ?? {},
  };
}
