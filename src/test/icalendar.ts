/**
 * Reads an iCalendar document back the way RFC 5545 §3.1 says a calendar app does, to check what the
 * site writes independently of the library that wrote it: lines end in CRLF and hold at most 75
 * octets, a line that starts with a space or a tab continues the one before, and each content line is
 * `NAME;PARAM=VALUE:value`.
 */

export interface ICalProperty {
  name: string;
  params: Record<string, string>;
  /** As written, escapes and all; `textValue` reads a TEXT value. */
  value: string;
}

export interface ICalComponent {
  name: string;
  properties: ICalProperty[];
  components: ICalComponent[];
}

const MAX_LINE_OCTETS = 75;

/** Unfolds the lines, failing on a bare LF or a line longer than the format allows. */
function contentLines(text: string): string[] {
  if (!text.endsWith('\r\n')) throw new Error('an iCalendar document ends with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  const lines: string[] = [];
  for (const line of physical) {
    if (line.includes('\n')) throw new Error(`a bare LF inside a line: ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line) > MAX_LINE_OCTETS) throw new Error(`a line of more than 75 octets: ${line}`);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('a continuation line first');
      lines[lines.length - 1] += line.slice(1);
    } else {
      lines.push(line);
    }
  }
  return lines;
}

/** Splits `NAME;A=b;C="d:e":value` at the first colon outside quotes. */
function parseLine(line: string): ICalProperty {
  let quoted = false;
  let colon = -1;
  for (let index = 0; index < line.length && colon === -1; index += 1) {
    if (line[index] === '"') quoted = !quoted;
    else if (line[index] === ':' && !quoted) colon = index;
  }
  if (colon === -1) throw new Error(`a content line without a value: ${line}`);
  const [name = '', ...params] = line.slice(0, colon).split(';');
  return {
    name: name.toUpperCase(),
    params: Object.fromEntries(
      params.map((param) => {
        const [key = '', value = ''] = param.split('=');
        return [key.toUpperCase(), value.replace(/^"|"$/g, '')];
      }),
    ),
    value: line.slice(colon + 1),
  };
}

/** The document's one top-level component (VCALENDAR), with its nested ones. */
export function parseICalendar(text: string): ICalComponent {
  const stack: ICalComponent[] = [];
  let root: ICalComponent | null = null;
  for (const property of contentLines(text).map(parseLine)) {
    if (property.name === 'BEGIN') {
      const component = { name: property.value.toUpperCase(), properties: [], components: [] };
      stack.at(-1)?.components.push(component);
      stack.push(component);
    } else if (property.name === 'END') {
      const component = stack.pop();
      if (component?.name !== property.value.toUpperCase())
        throw new Error(`END:${property.value} unmatched`);
      if (stack.length === 0) root = component;
    } else {
      const open = stack.at(-1);
      if (!open) throw new Error(`a property outside any component: ${property.name}`);
      open.properties.push(property);
    }
  }
  if (!root || stack.length > 0) throw new Error('an unfinished iCalendar document');
  return root;
}

/** A TEXT value as written before escaping (RFC 5545 §3.3.11); fails on an unescaped `,` or `;`. */
export function textValue(value: string): string {
  return value.replace(/\\([\\;,nN])|([,;])/g, (_match, escaped: string | undefined, bare?: string) => {
    if (bare) throw new Error(`an unescaped "${bare}" in a TEXT value: ${value}`);
    return escaped === 'n' || escaped === 'N' ? '\n' : (escaped ?? '');
  });
}

/** The one value of a property of the component; fails when it is missing or repeated. */
export function propertyOf(component: ICalComponent, name: string): ICalProperty {
  const found = component.properties.filter((property) => property.name === name);
  if (found.length !== 1) throw new Error(`${component.name} has ${found.length} ${name} properties`);
  return found[0]!;
}
