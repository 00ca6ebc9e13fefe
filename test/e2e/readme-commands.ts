// The curl commands of README.md, read as a shell reads them (enough of it for the README: `\` line
// continuations, single and double quotes, `$NAME` inside double quotes, `#` comments), so the README examples
// run in the e2e suite as they are written (issue 27).
import { readFileSync } from 'node:fs';

export interface ReadmeCurl {
  /** The command as written, for messages. */
  text: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Words of one command line; double-quoted `$NAME` and bare `$NAME` come from `vars`. */
function words(line: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  let word: string | null = null;
  const expand = (s: string) => s.replace(/\$([A-Z_]+)/g, (m, name: string) => vars[name] ?? m);
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let end = i + 1;
      while (line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      word = (word ?? '') + expand(line.slice(i + 1, end).replace(/\\(["\\$])/g, '$1'));
      i = end;
    } else if (/\s/.test(ch)) {
      if (word !== null) out.push(word);
      word = null;
    } else if (ch === '#' && word === null) {
      break;
    } else {
      let end = i;
      while (end < line.length && !/[\s'"]/.test(line[end])) end++;
      word = (word ?? '') + expand(line.slice(i, end));
      i = end - 1;
    }
  }
  if (word !== null) out.push(word);
  return out;
}

/** Joins `\`-continued lines and lines inside an open single quote into one command each. */
function commands(block: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of block.split('\n')) {
    if (!current && /^\s*#/.test(line)) continue; // a comment line (its apostrophes open no quote)
    current += current ? `\n${line}` : line;
    const openQuote = (current.match(/'/g) ?? []).length % 2 === 1;
    if (openQuote) continue;
    if (/\\\s*(#.*)?$/.test(line) && !/^\s*#/.test(line)) {
      current = current.replace(/\\\s*$/, ' ');
      continue;
    }
    out.push(current);
    current = '';
  }
  return out.filter((c) => c.trim() !== '');
}

/** Every `curl` of the README's ```sh blocks, with `vars` substituted (e.g. API_KEY). */
export function readmeCurls(vars: Record<string, string>, file = 'README.md'): ReadmeCurl[] {
  const readme = readFileSync(file, 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  const curls: ReadmeCurl[] = [];
  for (const text of blocks.flatMap(commands)) {
    const argv = words(text, vars);
    if (argv[0] !== 'curl') continue;
    const curl: ReadmeCurl = { text, url: '', method: 'GET', headers: {} };
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i];
      if (a === '-H') {
        const [name, ...value] = argv[++i].split(':');
        curl.headers[name.trim()] = value.join(':').trim();
      } else if (a === '-d') {
        curl.body = argv[++i];
        if (curl.method === 'GET') curl.method = 'POST';
      } else if (a === '-X') curl.method = argv[++i];
      else if (a === '-o' || a === '-D' || a === '-c' || a === '-b') i++;
      else if (!a.startsWith('-')) curl.url = a;
    }
    curls.push(curl);
  }
  return curls;
}
