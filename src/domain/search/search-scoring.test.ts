import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, queryWords } from './fold';
import {
  buildSearchIndex,
  isSubsequence,
  MATCH_SCORES,
  relevance,
  RESULTS_PER_CATEGORY,
  search,
  type SearchDocument,
  scoreWord,
} from './search';

function doc(id: string, keywords: string[], extra: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id,
    type: 'holding',
    category: 'market',
    title: keywords[0] ?? id,
    path: `/assets/market#holding-${id}`,
    keywords,
    ...extra,
  };
}

describe('search scoring (spec 002, section 5)', () => {
  it('scores a field and a word 100 exact, 80 starts with, 50 contains, 20 in-order letters, else 0', () => {
    expect(MATCH_SCORES).toEqual({ exact: 100, prefix: 80, contains: 50, subsequence: 20 });
    expect(scoreWord('apple', 'apple')).toBe(100);
    expect(scoreWord('apple inc', 'app')).toBe(80);
    expect(scoreWord('pineapple', 'apple')).toBe(50);
    expect(scoreWord('airbus', 'arbs')).toBe(20);
    expect(scoreWord('airbus', 'sub')).toBe(0);
    expect(scoreWord('air', 'airbus')).toBe(0);
  });

  it('tells an in-order letter subsequence from letters out of order', () => {
    expect(isSubsequence('total energies', 'tten')).toBe(true);
    expect(isSubsequence('total', 'tlota')).toBe(false);
    expect(isSubsequence('abc', '')).toBe(true);
  });

  it('splits the query on spaces, drops empty words, and sums every field and word', () => {
    expect(queryWords('  apple   inc ')).toEqual(['apple', 'inc']);
    // "apple inc." starts with "apple" (80) and contains "inc" (50); "aapl" matches neither.
    expect(relevance(['Apple Inc.', 'AAPL'], 'apple inc')).toBe(130);
    // A subsequence of the name (20: a-p-l in order) and inside the symbol (50).
    expect(relevance(['Apple Inc.', 'AAPL'], 'apl')).toBe(70);
    expect(relevance(['Apple Inc.'], '   ')).toBe(0);
  });

  it('folds accents and case: é is e, Œ is oe', () => {
    expect(fold('Société Générale')).toBe('societe generale');
    expect(fold('ŒUVRE')).toBe('oeuvre');
    expect(relevance(['Société Générale'], 'SOCIETE')).toBe(80);
    expect(relevance(['Societe Generale'], 'société générale')).toBe(80 + 50);
    expect(relevance(['Crédit Agricole'], 'credit')).toBe(relevance(['credit agricole'], 'crédit'));
  });

  it('leaves out documents that score 0 and answers nothing for a blank query', () => {
    const index = buildSearchIndex([doc('1', ['Apple']), doc('2', ['Microsoft'])]);
    const answer = search(index, 'apple');
    expect(answer.groups.map((group) => group.results.map((result) => result.id))).toEqual([['1']]);
    expect(answer.groups[0]!.results[0]!.relevanceScore).toBe(100);
    expect(search(index, '  ')).toEqual({ groups: [], count: 0, matched: 0 });
    expect(search(index, 'zzz').matched).toBe(0);
  });

  it('ranks by relevance, groups by category in the documents’ order, 20 per category', () => {
    const documents = [
      doc('t', ['Buy Apple'], { category: 'transactions', type: 'transaction' }),
      ...Array.from({ length: 30 }, (_, i) => doc(`m${i}`, [`Pineapple ${i}`])),
      doc('exact', ['Apple']),
      doc('prefix', ['Apple Inc']),
    ];
    const answer = search(buildSearchIndex(documents), 'apple');
    expect(answer.groups.map((group) => group.category)).toEqual(['transactions', 'market']);
    const market = answer.groups[1]!;
    expect(market.results).toHaveLength(RESULTS_PER_CATEGORY);
    expect(market.total).toBe(32);
    expect(market.results.slice(0, 3).map((result) => result.id)).toEqual([
      'exact',
      'prefix',
      'm0',
    ]);
    expect(market.results.map((result) => result.relevanceScore).slice(0, 3)).toEqual([
      100, 80, 50,
    ]);
    expect(answer.count).toBe(21);
    expect(answer.matched).toBe(33);
  });

  it('filters by type, date range and amount range, and sorts by date or amount descending', () => {
    const documents = [
      doc('a', ['Total buy'], { type: 'transaction', date: '2024-01-10', amount: 100 }),
      doc('b', ['Total sell'], { type: 'transaction', date: '2024-03-01', amount: 50 }),
      doc('c', ['Total dividend'], { type: 'transaction', date: '2023-12-31', amount: 500 }),
      doc('d', ['TotalEnergies'], { type: 'holding' }),
    ];
    const index = buildSearchIndex(documents);
    const ids = (options: Parameters<typeof search>[2]) =>
      search(index, 'total', options).groups.flatMap((group) => group.results.map((r) => r.id));
    expect(ids({ types: ['holding'] })).toEqual(['d']);
    expect(ids({ from: '2024-01-01', to: '2024-02-29' })).toEqual(['a']);
    expect(ids({ minAmount: 60, maxAmount: 500 })).toEqual(['a', 'c']);
    expect(ids({ sort: 'date' })).toEqual(['b', 'a', 'c', 'd']);
    expect(ids({ sort: 'amount' })).toEqual(['c', 'a', 'b', 'd']);
    // Relevance: "totalenergies" starts with "total" (80) like the others; the order stays.
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives a document the same score whatever its accents and case (property)', () => {
    const plain = 'abcdeiouyn ';
    const accented: Record<string, string[]> = {
      a: ['a', 'A', 'à', 'â', 'Ä'],
      e: ['e', 'E', 'é', 'è', 'Ê', 'ë'],
      i: ['i', 'I', 'î', 'Ï'],
      o: ['o', 'O', 'ô', 'Ö'],
      u: ['u', 'U', 'ù', 'û', 'Ü'],
      c: ['c', 'C', 'ç', 'Ç'],
      n: ['n', 'N', 'ñ'],
    };
    const text = fc.string({ unit: fc.constantFrom(...plain), maxLength: 16 });
    fc.assert(
      fc.property(text, text, fc.infiniteStream(fc.nat()), (field, query, picks) => {
        const dressed = [...field]
          .map((letter) => {
            const choices = accented[letter];
            return choices ? choices[picks.next().value % choices.length]! : letter;
          })
          .join('');
        expect(relevance([dressed], query)).toBe(relevance([field], query));
        expect(relevance([field], dressed)).toBe(
          relevance([field], field === dressed ? field : fold(dressed)),
        );
      }),
    );
  });

  it('answers only positive scores, at most 20 per category, best first (property)', () => {
    const word = fc.string({ unit: fc.constantFrom(...'abcxyz'), minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom('x', 'y')),
          {
            maxLength: 60,
          },
        ),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        (rows, words) => {
          const documents = rows.map(([keywords, category], i) =>
            doc(String(i), keywords, { category }),
          );
          const query = words.join(' ');
          const answer = search(buildSearchIndex(documents), query);
          for (const group of answer.groups) {
            expect(group.results.length).toBeLessThanOrEqual(RESULTS_PER_CATEGORY);
            const scores = group.results.map((result) => result.relevanceScore);
            expect(scores.every((score) => score > 0)).toBe(true);
            expect([...scores].sort((a, b) => b - a)).toEqual(scores);
            for (const result of group.results)
              expect(result.relevanceScore).toBe(
                relevance(documents[Number(result.id)]!.keywords, query),
              );
          }
          const expected = documents.filter((d) => relevance(d.keywords, query) > 0).length;
          expect(answer.matched).toBe(expected);
        },
      ),
    );
  });

  it('answers a keystroke the same whatever was typed before it (remembered words, property)', () => {
    const letters = fc.constantFrom(...'abex1 ');
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: letters, minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.array(fc.string({ unit: letters, maxLength: 7 }), { minLength: 1, maxLength: 12 }),
        (keywords, queries) => {
          const documents = keywords.map((keyword, i) =>
            doc(String(i), [keyword, keywords[(i + 1) % keywords.length]!]),
          );
          const typed = buildSearchIndex(documents);
          for (const query of queries) {
            expect(search(typed, query)).toEqual(search(buildSearchIndex(documents), query));
          }
        },
      ),
    );
  });
});
