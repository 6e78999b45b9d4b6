/** @jest-environment node */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { system } from './theme';

/**
 * The theme carries only the recipes of the Chakra components the app uses (a smaller first
 * page). A component whose recipe is missing renders unstyled without any warning, so this test
 * reads which recipes each imported component (and the parts it draws) asks for.
 */
const SRC = join(__dirname, '..');
const CHAKRA = join(dirname(require.resolve('@chakra-ui/react/package.json')), 'dist', 'esm');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Names imported (not type-only) from '@chakra-ui/react' anywhere in the app. */
function importedComponents(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(SRC)) {
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of m[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's index: export name -> the module that defines it. */
function exportModules(): Map<string, string> {
  const index = readFileSync(join(CHAKRA, 'index.js'), 'utf8');
  const modules = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '(\.\/components\/[^']+)'/g)) {
    for (const name of m[1].split(','))
      modules.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        join(CHAKRA, m[2]),
      );
  }
  // Compound components: import * as namespace$N from '...'; export { namespace$N as Dialog };
  const namespaces = new Map<string, string>();
  for (const m of index.matchAll(/import \* as (\S+) from '(\.\/components\/[^']+)'/g)) {
    namespaces.set(m[1], join(CHAKRA, m[2]));
  }
  for (const m of index.matchAll(/export \{ (\S+) as (\w+) \}/g)) {
    const file = namespaces.get(m[1]);
    if (file) modules.set(m[2], file);
  }
  return modules;
}

/** Recipe keys a component module uses, following its imports of other components. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(/key: "([a-zA-Z]+)"/g)) keys.add(m[1]);
  for (const m of code.matchAll(/from '(\.\.?\/[^']+\.js)'/g)) {
    const target = resolve(dirname(file), m[1]);
    if (target.includes(`${join(CHAKRA, 'components')}`)) {
      for (const k of recipeKeys(target, seen)) keys.add(k);
    }
  }
  return keys;
}

test('every Chakra component the app imports finds its recipes in the theme', () => {
  const modules = exportModules();
  const missing: string[] = [];
  for (const name of importedComponents()) {
    const file = modules.get(name);
    if (!file) continue; // not a component (createSystem, defineConfig...)
    for (const key of recipeKeys(file)) {
      // Keys Chakra's own default theme does not define either (e.g. 'text') need nothing.
      if (defaultSystem.hasRecipe(key) && !system.hasRecipe(key)) missing.push(`${name}: ${key}`);
    }
  }
  expect(missing).toEqual([]);
});

test('the scanner resolves the components it checks to their recipe keys', () => {
  // Guards the test above: if Chakra's dist changed shape so that the patterns no longer match,
  // that test would find nothing missing and pass without checking anything.
  const imported = importedComponents();
  const modules = exportModules();
  const known: [string, string][] = [
    ['Button', 'button'],
    ['Badge', 'badge'],
    ['Input', 'input'],
    ['Spinner', 'spinner'],
    ['Alert', 'alert'],
    ['Dialog', 'dialog'],
    ['Field', 'field'],
    ['Table', 'table'],
  ];
  for (const [name, key] of known) {
    expect(imported).toContain(name);
    const file = modules.get(name);
    expect({ name, file }).toEqual({ name, file: expect.any(String) });
    expect({ name, keys: [...recipeKeys(file!)] }).toEqual({ name, keys: expect.arrayContaining([key]) });
    expect(system.hasRecipe(key)).toBe(true);
  }
  // Button draws a Spinner while loading: imports between components are followed too.
  expect([...recipeKeys(modules.get('Button')!)]).toEqual(expect.arrayContaining(['button', 'spinner']));
});
