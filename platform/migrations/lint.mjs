// The migration linter (issue 41): every Flyway migration of every service, checked by Squawk (squawk-cli from npm,
// pinned in .ci/run) for changes that are not additive — the rule docs/kubernetes.md's roll-back promise rests on
// ("database migrations only add, so the previous release runs on the new schema"). Usage:
//   node platform/migrations/lint.mjs <path to the squawk binary> [--self-test]
// (--self-test: the planted migration of self-test/ must give exactly its unmarked non-additive changes)
// Fails on a finding of a non-additive rule unless it is marked: in its migration (`-- squawk-ignore <rule>`, with a
// comment saying why; Squawk then reports nothing) or, for migrations already applied, whose files may not change, in
// accepted-findings.tsv with the reason. Squawk's other rules are not enforced here: lock and statement timeouts are
// configuration (quarkus.flyway.init-sql in platform/commons), and index-building and type-preference rules are
// advice, not compatibility.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const NON_ADDITIVE = new Set([
  'ban-drop-column', 'ban-drop-table', 'ban-drop-database', 'ban-truncate-cascade', 'changing-column-type',
  'renaming-column', 'renaming-table', 'adding-required-field', 'adding-not-nullable-field',
]);

const root = new URL('../../', import.meta.url).pathname;
const squawk = process.argv[2];
if (!squawk) {
  console.error('usage: node platform/migrations/lint.mjs <squawk binary>');
  process.exit(2);
}

function migrations(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'target', 'self-test'].includes(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) migrations(path, found);
    else if (/\/db\/(migration|outbox)\/[VR][^/]*\.sql$/.test(path)) found.push(relative(root, path));
  }
  return found;
}

function lint(files) {
  try {
    return JSON.parse(execFileSync(squawk, ['--reporter', 'json', '--pg-version', '17.0', ...files], { cwd: root, encoding: 'utf8' }));
  } catch (e) {
    if (!e.stdout) throw e;
    return JSON.parse(e.stdout); // squawk exits 1 when it finds anything
  }
}

if (process.argv[3] === '--self-test') {
  const found = lint(['platform/migrations/self-test/db/migration/V1__careless.sql'])
    .filter((f) => NON_ADDITIVE.has(f.rule_name)).map((f) => f.rule_name).sort();
  const expected = ['ban-drop-column', 'changing-column-type', 'renaming-column'];
  if (JSON.stringify(found) !== JSON.stringify(expected)) {
    console.error(`migrations self-test: expected ${expected.join(', ')}, found ${found.join(', ') || 'nothing'}`);
    process.exit(1);
  }
  console.log(`migrations self-test: the ${expected.length} unmarked non-additive changes found, the marked one passed`);
  process.exit(0);
}

const files = migrations(root).sort();
const accepted = readFileSync(new URL('accepted-findings.tsv', import.meta.url), 'utf8').split('\n')
  .filter((line) => line.trim() && !line.startsWith('#')).map((line) => line.split('\t'));
const isAccepted = (f) => accepted.some(([file, rule, reason]) => file === f.file && rule === f.rule_name && reason?.trim());
const findings = lint(files).filter((f) => NON_ADDITIVE.has(f.rule_name));
const refused = findings.filter((f) => !isAccepted(f));
const unused = accepted.filter(([file, rule]) => !findings.some((f) => f.file === file && f.rule_name === rule));
for (const f of refused) console.error(`${f.file}:${f.line}: ${f.rule_name}: ${f.message}`);
for (const [file, rule] of unused) console.error(`accepted-findings.tsv: ${file} ${rule} is no longer found; remove the line`);
if (refused.length || unused.length) {
  console.error(`migrations: ${refused.length} non-additive change(s) not marked, ${unused.length} stale mark(s)`);
  process.exit(1);
}
console.log(`migrations: ${files.length} files, no unmarked non-additive change (${findings.length} accepted with a reason)`);
