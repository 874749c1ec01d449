import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { callsModule } from './calls/plugin.ts';
import { domainModules } from './index.ts';
import type { ModuleOptions } from './plugin.ts';
import { systemModule } from './system/plugin.ts';

const MODULES_DIR = import.meta.dirname;

interface PluginMeta {
  name: string;
  dependencies: string[];
}
const metaOf = (plugin: object) => (plugin as Record<symbol, PluginMeta>)[Symbol.for('plugin-meta')] as PluginMeta;

/** The other modules a module's production files use: their files (imports) or their services (`app.<module>`). */
function usedModules(folder: string, modules: string[]): string[] {
  const dir = path.join(MODULES_DIR, folder);
  const used = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/from '\.\.\/([a-z]+)\/|\bapp\.([a-z]+)\b/g)) used.add((m[1] ?? m[2]) as string);
  }
  return [...used].filter((m) => m !== folder && modules.includes(m)).sort();
}

describe('domains as Fastify plugins', () => {
  it('Fastify refuses to start when a domain is registered without one it depends on', async () => {
    const app = Fastify();
    app.register(callsModule, {} as ModuleOptions);
    await expect(app.ready()).rejects.toThrow("The dependency 'system' of plugin 'calls' is not registered");
  });

  it('every module folder is one plugin, named after it, that declares the modules whose files or services it uses', () => {
    const folders = fs.readdirSync(MODULES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const plugins = [systemModule, ...domainModules].map(metaOf);
    expect(plugins.map((p) => p.name).sort()).toEqual(folders.sort());
    for (const plugin of plugins) {
      expect([...plugin.dependencies].sort(), plugin.name).toEqual(usedModules(plugin.name, folders));
    }
  });
});
