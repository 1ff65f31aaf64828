// Checks that package-lock.json can install this package.json on every platform, before anything is
// installed (so it uses nothing but Node): the lock's root lists the same dependencies as package.json,
// and every dependency of every locked package, optional platform packages included, is locked too.
// A registry that lacks one platform package of a version makes npm leave it out of the lock silently,
// and `npm ci` then refuses to install on a clean clone.
import { readFileSync } from 'node:fs';

const KINDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const problems = [];

if (!lock.packages) {
  problems.push(
    `lockfileVersion ${lock.lockfileVersion} has no "packages" section: regenerate it with npm 7+`,
  );
}
const packages = lock.packages ?? {};
const root = packages[''] ?? {};

for (const kind of KINDS) {
  const wanted = manifest[kind] ?? {};
  const locked = root[kind] ?? {};
  for (const [name, spec] of Object.entries(wanted)) {
    if (!(name in locked)) problems.push(`${kind}: ${name}@${spec} is in package.json but not in the lock`);
    else if (locked[name] !== spec) {
      problems.push(`${kind}: ${name} is ${spec} in package.json but ${locked[name]} in the lock`);
    }
  }
  for (const name of Object.keys(locked)) {
    if (!(name in wanted)) problems.push(`${kind}: ${name} is in the lock but no longer in package.json`);
  }
}

/** Where Node would find `name` from the package at `location`: its own node_modules, then each parent's. */
function resolve(location, name) {
  let dir = location;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (dir === '') return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

for (const [location, entry] of Object.entries(packages)) {
  if (entry.link) continue;
  const dependencies = { ...entry.dependencies, ...entry.optionalDependencies };
  for (const [name, spec] of Object.entries(dependencies)) {
    const found = resolve(location, name);
    const from = location || 'package.json';
    if (!found) {
      problems.push(`${from} needs ${name}@${spec}, which the lock does not list`);
    } else if (EXACT_VERSION.test(spec) && packages[found].version !== spec) {
      problems.push(`${from} needs ${name}@${spec}, but the lock has ${packages[found].version}`);
    }
  }
}

for (const [name, spec] of Object.entries(manifest.overrides ?? {})) {
  if (typeof spec !== 'string' || !EXACT_VERSION.test(spec)) continue;
  for (const [location, entry] of Object.entries(packages)) {
    if (location.endsWith(`node_modules/${name}`) && entry.version !== spec) {
      problems.push(`overrides pins ${name} to ${spec}, but the lock has ${entry.version} at ${location}`);
    }
  }
}

if (problems.length > 0) {
  process.stderr.write(
    `package-lock.json does not match package.json (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}):\n` +
      problems.map((problem) => `  - ${problem}\n`).join('') +
      'Run `npm install` and commit the lock; if a platform package is still missing, the registry lacks\n' +
      'that version: pin the parent package to a version whose platform packages all exist (README, Dependencies).\n',
  );
  process.exit(1);
}
process.stdout.write(
  `package-lock.json matches package.json (${Object.keys(packages).length - 1} packages)\n`,
);
