import { TimeSlices } from '../../../platform/time-slices';

/**
 * A small strict XML reader for the ECB's reference-rate files (no XML parser is among the
 * project's dependencies; fast-xml-parser would replace it: docs/decisions.md). It walks the text
 * once, character by character (no regular expressions), and reports each element's opening with
 * its attributes and depth. It refuses what those files never hold and a careless parser would
 * accept: a DOCTYPE (so no entity expansion), CDATA, unknown entities, unbalanced or mismatched
 * tags, unquoted or repeated attributes, text after the root. Text content is ignored. Long
 * files hand the thread back every few milliseconds.
 */

export class XmlError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at ${offset}`);
    this.name = 'XmlError';
  }
}

export type XmlElement = { name: string; attributes: Map<string, string>; depth: number };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\r' || c === '\t';
const isNameChar = (c: string) =>
  (c >= 'a' && c <= 'z') ||
  (c >= 'A' && c <= 'Z') ||
  (c >= '0' && c <= '9') ||
  c === ':' ||
  c === '_' ||
  c === '-' ||
  c === '.';

function decode(raw: string, offset: number): string {
  let out = '';
  let index = 0;
  while (index < raw.length) {
    const c = raw[index] as string;
    if (c === '<') throw new XmlError('"<" in an attribute value', offset + index);
    if (c !== '&') {
      out += c;
      index += 1;
      continue;
    }
    const end = raw.indexOf(';', index);
    if (end < 0) throw new XmlError('unterminated entity', offset + index);
    const name = raw.slice(index + 1, end);
    const known = ENTITIES[name];
    if (known === undefined) throw new XmlError(`unknown entity &${name};`, offset + index);
    out += known;
    index = end + 1;
  }
  return out;
}

/** Calls `onElement` for each element opened, in document order; throws XmlError if malformed. */
export async function readXml(text: string, onElement: (element: XmlElement) => void) {
  const stack: string[] = [];
  let sawRoot = false;
  let index = text.startsWith('\uFEFF') ? 1 : 0;
  const slices = new TimeSlices();
  const expect = (token: string) => {
    if (!text.startsWith(token, index)) throw new XmlError(`expected ${token}`, index);
    index += token.length;
  };
  const skipSpace = () => {
    while (index < text.length && isSpace(text[index] as string)) index += 1;
  };
  const readName = () => {
    const start = index;
    while (index < text.length && isNameChar(text[index] as string)) index += 1;
    if (index === start) throw new XmlError('expected a name', index);
    return text.slice(start, index);
  };

  while (index < text.length) {
    await slices.turn();
    const c = text[index] as string;
    if (c !== '<') {
      if (stack.length === 0 && !isSpace(c)) throw new XmlError('text outside the root', index);
      const next = text.indexOf('<', index);
      index = next < 0 ? text.length : next;
      continue;
    }
    if (text.startsWith('<?', index)) {
      const end = text.indexOf('?>', index);
      if (end < 0) throw new XmlError('unterminated declaration', index);
      index = end + 2;
      continue;
    }
    if (text.startsWith('<!--', index)) {
      const end = text.indexOf('-->', index + 4);
      if (end < 0) throw new XmlError('unterminated comment', index);
      index = end + 3;
      continue;
    }
    if (text.startsWith('<!', index))
      throw new XmlError('DOCTYPE and CDATA are not accepted', index);
    if (text.startsWith('</', index)) {
      index += 2;
      const name = readName();
      skipSpace();
      expect('>');
      const open = stack.pop();
      if (open !== name) throw new XmlError(`</${name}> closes <${open ?? 'nothing'}>`, index);
      continue;
    }
    index += 1;
    const name = readName();
    if (stack.length === 0 && sawRoot) throw new XmlError('a second root element', index);
    sawRoot = true;
    const attributes = new Map<string, string>();
    for (;;) {
      const before = index;
      skipSpace();
      if (text.startsWith('/>', index) || text[index] === '>') break;
      if (index === before) throw new XmlError('expected a space before an attribute', index);
      const attribute = readName();
      skipSpace();
      expect('=');
      skipSpace();
      const quote = text[index];
      if (quote !== '"' && quote !== "'") throw new XmlError('unquoted attribute value', index);
      const end = text.indexOf(quote, index + 1);
      if (end < 0) throw new XmlError('unterminated attribute value', index);
      if (attributes.has(attribute)) throw new XmlError(`repeated attribute ${attribute}`, index);
      attributes.set(attribute, decode(text.slice(index + 1, end), index + 1));
      index = end + 1;
    }
    onElement({ name, attributes, depth: stack.length });
    if (text.startsWith('/>', index)) {
      index += 2;
    } else {
      index += 1;
      stack.push(name);
    }
  }
  if (!sawRoot) throw new XmlError('no root element', index);
  if (stack.length) throw new XmlError(`<${stack[stack.length - 1] ?? ''}> is not closed`, index);
}
