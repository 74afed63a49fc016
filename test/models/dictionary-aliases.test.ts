import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { dictionaryAliases } from '../../training/dictionary-aliases.ts';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function dictNumber(n: number): string {
  let s = '';
  do {
    s = DIGITS[n % 64] + s;
    n = Math.floor(n / 64);
  } while (n > 0);
  return s;
}

/** Writes a dictd pair (`.index` and gzip'd `.dict.dz`) as Debian's FreeDict packages install them. */
function writeDictionary(dir: string, code: string, licenceLine: string, entries: Record<string, string>): void {
  const all: Record<string, string> = { '00databaseinfo': `Availability:\n  ${licenceLine}\n`, ...entries };
  let data = '';
  const index: string[] = [];
  for (const [headword, body] of Object.entries(all)) {
    const start = Buffer.byteLength(data);
    data += body;
    index.push(`${headword}\t${dictNumber(start)}\t${dictNumber(Buffer.byteLength(body))}`);
  }
  writeFileSync(join(dir, `freedict-${code}.index`), `${index.join('\n')}\n`);
  writeFileSync(join(dir, `freedict-${code}.dict.dz`), gzipSync(data));
}

describe('dictionary aliases', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-dict-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeDictionary(dir, 'spa-eng', 'under the GNU General Public License', {
    olvidar: 'olvidar /olβiˈðaɾ/ <v>\nto forget; to neglect\n  "olvidé las llaves" (an example, indented)\n',
    contraseña: 'contraseña <n>\npassword, watchword\n',
    'hacer caso': 'hacer caso\nto pay attention\n',
  });
  writeDictionary(dir, 'eng-ita', 'Creative Commons Attribution-ShareAlike', {
    rule: 'rule /ruːl/ <n>\n1. regola\n2. norma, legge del paese\n',
  });
  const ranks = new Map([
    ['forget', 10],
    ['neglect', 900],
    ['password', 40],
    ['watchword', 20000],
    ['rule', 30],
  ]);
  const source = { dir, codes: ['spa-eng', 'eng-ita'] };

  it('maps a foreign word to its most common English translation, from either direction of dictionary', () => {
    const { aliases, translations, sources } = dictionaryAliases(ranks, new Set(), () => false, source);
    assert.equal(aliases.get('olvidar'), 'forget', '"to forget" is read as "forget", the better-ranked sense');
    assert.equal(aliases.get('contraseña'), 'password');
    assert.equal(aliases.get('regola'), 'rule');
    assert.equal(aliases.get('norma'), 'rule');
    assert.equal(aliases.has('hacer caso'), false, 'phrases carry no single-word vector');
    assert.equal(aliases.has('legge'), false, 'a phrase is not split into words');
    assert.deepEqual(
      sources.map((s) => [s.dictionary, s.licence]),
      [
        ['spa-eng', 'GPL'],
        ['eng-ita', 'CC-BY-SA'],
      ],
    );
    assert.deepEqual([...translations].sort(), [...aliases].sort(), 'below the per-language cap, the glossary holds every alias');
  });

  it('skips dictionaries under an excluded licence', () => {
    const { aliases, translations } = dictionaryAliases(ranks, new Set(), (licence) => licence === 'GPL', source);
    assert.equal(aliases.has('olvidar'), false);
    assert.equal(translations.has('olvidar'), false);
    assert.equal(aliases.get('regola'), 'rule');
  });

  it('fails with the install command when a dictionary is missing', () => {
    assert.throws(() => dictionaryAliases(ranks, new Set(), () => false, { dir, codes: ['spa-eng', 'deu-eng'] }), /apt-get install dict-freedict-deu-eng/);
  });
});
