// Writes password-lists/common-passwords-10k.txt (issue 24, decision H12): the 10,000 most common passwords,
// one a line, most common first, for the password rules of registration, reset and change
// (workers/accounts/password-rules.ts). The source is the ranked list of the @zxcvbn-ts/language-common npm
// package (MIT, its LICENSE.txt is copied beside the list), zxcvbn's frequency-ranked password dictionary.
// The Worker bundles the file as a Text module (wrangler.toml rule); nothing is fetched at run time.
// Skipped when unchanged.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const OUT = 'password-lists';
const LIST = path.join(OUT, 'common-passwords-10k.txt');
const NOTICE = path.join(OUT, 'LICENSE-zxcvbn-ts.txt');
const COUNT = 10_000;

export function buildCommonPasswords({ quiet = false } = {}) {
  const source = require.resolve('@zxcvbn-ts/language-common/src/passwords.json');
  const ranked = JSON.parse(readFileSync(source, 'utf8'));
  if (!Array.isArray(ranked) || ranked.length < COUNT) throw new Error(`${source}: expected a list of ${COUNT}+`);
  const top = ranked.slice(0, COUNT).map((p) => String(p).toLowerCase());
  if (top.some((p) => p === '' || /[\s\p{Cc}]/u.test(p)))
    throw new Error(`${source}: an entry is empty or has a space`);
  const text = `${top.join('\n')}\n`;
  const licence = readFileSync(path.join(path.dirname(source), '..', 'LICENSE.txt'), 'utf8');
  mkdirSync(OUT, { recursive: true });
  const changed = [];
  for (const [file, content] of [
    [LIST, text],
    [NOTICE, licence],
  ]) {
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    writeFileSync(file, content);
    changed.push(file);
  }
  if (!quiet && changed.length) console.log(`common passwords: ${LIST} ${top.length} entries, ${text.length} bytes`);
}

if (import.meta.url === `file://${process.argv[1]}`) buildCommonPasswords();
