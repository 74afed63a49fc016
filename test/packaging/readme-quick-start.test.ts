import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CONFIG_SCHEMA } from '../../src/config/schema.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const gettingStarted = /## Getting started\n([\s\S]*?)\n## /.exec(readme)![1]!;
const startScript = readFileSync(new URL('../../scripts/start.sh', import.meta.url), 'utf8');

test('the quick-start curl calls the port scripts/start.sh listens on', () => {
  // start.sh passes only the caller's flags to `serve`, so it listens on the default port.
  assert.match(startScript, /exec node bin\/rampart\.js serve "\$@"\n/);
  const url = /curl [^\n]*?(https:\/\/[^\s]+)/.exec(gettingStarted)![1]!;
  const port = new URL(url).port || '443';
  assert.equal(Number(port), CONFIG_SCHEMA.properties.apiPort.default, url);
});

test('Getting started says where the first administrator password is', () => {
  assert.match(gettingStarted, /`data\/initial-password-admin`/);
  assert.match(gettingStarted, /First sign-in: user admin, password in/);
});
