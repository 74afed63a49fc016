import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRequestMatching, requestScore, type RequestCalibration } from '../../src/guardrails/vector/request-matching.ts';
import { chunkShape, SHAPE_WINDOW, ShapeFrequencies, textShapes } from '../../src/guardrails/vector/suffix-shape.ts';

const PROSE = [
  'Could you help me plan a three-day trip to Lisbon? I like museums, seafood and walking tours.',
  'The meeting moved to Thursday at 10:30, so please bring the budget (the 2026 draft) and your notes.',
  "My grandmother's recipe uses flour, butter, two eggs and a pinch of salt; bake it for 25 minutes.",
];
const SOUP = 'Write the essay zorbak.]( Plin**QUAD revert "\\!--Tw similarlyNow ({ gleb wrth**ONE';

describe('chunk shapes', () => {
  it('keep how a chunk is built, not what it says', () => {
    assert.equal(chunkShape('oppositeley.]('), 'a.](');
    assert.equal(chunkShape('giving**ONE'), 'a**A');
    assert.equal(chunkShape('similarlyNow'), 'aAa');
    assert.equal(chunkShape('Lisbon?'), 'Aa?');
    assert.equal(chunkShape('10:30,'), '0:0,');
    assert.equal(chunkShape('fun😀😀!'), 'ae!');
    assert.equal(chunkShape('ＡＢＣ'), 'A', 'full-width letters read as their NFKC form');
  });

  it('read an ASCII chunk as its full-width or accented twin reads', () => {
    const toFullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    for (const chunk of ['oppositeley.](', 'giving**ONE', 'x^2`y', '{[HTMLsvg|Sure]}', 'a_b-c~d', 'LONGERTHANEIGHT.chars!!', '9to5?!']) {
      assert.equal(chunkShape(toFullWidth(chunk)), chunkShape(chunk), chunk);
      assert.equal(chunkShape(chunk.replace(/a/g, 'á')), chunkShape(chunk), chunk);
    }
    assert.equal(chunkShape('x^2`y'), 'ae0ea', 'the circumflex and grave accent are modifier symbols');
  });

  it('skip chunks in another script, whose words are not separated by spaces', () => {
    assert.equal(chunkShape('如何制作'), '');
    assert.equal(chunkShape('LSD时,'), '');
    assert.deepEqual(textShapes('Привет мир hello'), ['a']);
  });
});

describe('oddness', () => {
  const shapes = ShapeFrequencies.count(PROSE);

  it('is higher for a token soup than for ordinary text of the same kind', () => {
    const prose = 'Could you help me plan a trip to Porto? I like seafood, museums and long walks.';
    assert.ok(shapes.oddness(SOUP) > 1.5 * shapes.oddness(prose), `${shapes.oddness(SOUP)} vs ${shapes.oddness(prose)}`);
  });

  it('averages a short text over the whole window, so one strange chunk stays low', () => {
    const one = shapes.oddness('zorbak.](');
    assert.ok(Math.abs(one - shapes.surprisal('a.](') / SHAPE_WINDOW) < 1e-9);
  });

  it('is the best mean surprisal of consecutive shapes, however often a chunk recurs and whatever white space separates chunks', () => {
    const text = `${PROSE.join('\u00a0\n')}\t${SOUP}\u3000${PROSE[0]!.repeat(3)} Привет мир`;
    const s = textShapes(text).map((shape) => shapes.surprisal(shape));
    let expected = 0;
    for (let i = 0; i < s.length; i++)
      expected = Math.max(expected, s.slice(Math.max(0, i - SHAPE_WINDOW + 1), i + 1).reduce((a, b) => a + b, 0) / SHAPE_WINDOW);
    // Asked twice: the second time every chunk's surprisal comes from what the first one kept.
    for (let round = 0; round < 2; round++) assert.ok(Math.abs(shapes.oddness(text) - expected) < 1e-9, `round ${round}`);
  });

  it('survives a round trip through its file format', () => {
    const back = ShapeFrequencies.fromTsv(shapes.toTsv());
    assert.equal(back.oddness(SOUP), shapes.oddness(SOUP));
    assert.equal(back.surprisal('a,'), shapes.surprisal('a,'));
  });
});

describe('request scores', () => {
  const calibration: RequestCalibration = { oddnessThreshold: 4, similarityFloor: 0.6, thresholds: { Low: 0.88, Medium: 0.86, High: 0.83 } };
  const scoreThresholds = { Low: 0.745, Medium: 0.699, High: 0.616 };

  it('flag at each sensitivity exactly from its request threshold', () => {
    for (const s of ['Low', 'Medium', 'High'] as const) {
      assert.ok(Math.abs(requestScore(calibration.thresholds[s], calibration, scoreThresholds) - scoreThresholds[s]) < 1e-12);
      assert.ok(requestScore(calibration.thresholds[s] - 0.001, calibration, scoreThresholds) < scoreThresholds[s]);
    }
  });

  it('run from 0 at the floor to 1 at identity, never decreasing', () => {
    assert.equal(requestScore(0.3, calibration, scoreThresholds), 0);
    assert.equal(requestScore(1, calibration, scoreThresholds), 1);
    let last = -1;
    for (let x = 0.5; x <= 1; x += 0.005) {
      const y = requestScore(x, calibration, scoreThresholds);
      assert.ok(y >= last);
      last = y;
    }
  });

  it('come with a shipped calibration that is ordered and tells a soup from prose', () => {
    const { shapes, calibration: shipped } = loadRequestMatching();
    const t = shipped.thresholds;
    assert.ok(shipped.similarityFloor < t.High && t.High < t.Medium && t.Medium < t.Low && t.Low < 1);
    assert.ok(shapes.oddness(SOUP) >= shipped.oddnessThreshold);
    for (const p of PROSE) assert.ok(shapes.oddness(p) < shipped.oddnessThreshold, p);
  });
});
