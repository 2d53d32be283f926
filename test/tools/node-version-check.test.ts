import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript (runs on any old Node.js to explain the refusal), no types
import { unsupportedNodeMessage } from '../../scripts/check-node.mjs';

const check = unsupportedNodeMessage as (version: string) => string | undefined;

describe('the Node.js version check (npm start; npm ci refuses through .npmrc engine-strict)', () => {
  it('accepts 22.13+, 24 and 26 and refuses the rest with one message naming them and where to get one', () => {
    for (const version of ['v22.13.0', 'v22.22.1', 'v24.0.0', 'v24.21.0', 'v26.1.0']) expect(check(version), version).toBeUndefined();
    for (const version of ['v20.20.2', 'v18.0.0', 'v22.12.0', 'v23.5.0', 'v25.0.0']) {
      const message = check(version);
      expect(message, version).toContain(`Node.js 22 (22.13 or later), 24 or 26; this is Node.js ${version}.`);
      expect(message, version).toContain('https://nodejs.org/en/download');
    }
  });

  it('agrees with package.json engines, and npm refuses before installing (engine-strict)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; scripts: { start: string } };
    expect(pkg.engines.node).toBe('^22.13.0 || ^24.0.0 || ^26.0.0');
    expect(pkg.scripts.start.startsWith('node scripts/check-node.mjs && ')).toBe(true);
    expect(readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it('exits 0 on this Node.js and 1, with the message, on an old one (the machine\'s own, when it has one)', () => {
    expect(spawnSync(process.execPath, ['scripts/check-node.mjs']).status).toBe(0);
    const system = '/usr/bin/node';
    const systemVersion = existsSync(system) ? execFileSync(system, ['--version'], { encoding: 'utf8' }).trim() : undefined;
    if (!systemVersion || check(systemVersion) === undefined) return;
    const old = spawnSync(system, ['scripts/check-node.mjs'], { encoding: 'utf8' });
    expect(old.status).toBe(1);
    expect(old.stderr.trim()).toBe(check(systemVersion));
  });
});
