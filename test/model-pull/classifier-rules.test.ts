import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors.ts';
import { classifierFiles } from '../../src/pulled-models/classifier-files.ts';
import { classifierManifest, maxTokensOf, positiveLabelsOf } from '../../src/pulled-models/classifier-manifest.ts';
import { checkLicense, isPermissive, readmeLicense } from '../../src/pulled-models/model-license.ts';

/** The error code `run` throws. */
function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('which files of a repository make a classifier', () => {
  const base = ['config.json', 'tokenizer.json', 'README.md'];

  it('prefers a quantized CPU export, then onnx/model.onnx, then model.onnx', () => {
    const cases: [string[], string][] = [
      [['onnx/model.onnx', 'onnx/model_quantized.onnx', 'onnx/model_fp16.onnx'], 'onnx/model_quantized.onnx'],
      [['onnx/model.onnx', 'onnx/model_int8.onnx'], 'onnx/model_int8.onnx'],
      [['model.onnx', 'onnx/model.onnx'], 'onnx/model.onnx'],
      [['model.onnx'], 'model.onnx'],
      [['exports/deberta.onnx'], 'exports/deberta.onnx'],
    ];
    for (const [onnx, chosen] of cases) assert.equal(classifierFiles('r', [...base, ...onnx], undefined).onnx, chosen, onnx.join(' '));
  });

  it('takes --file when the repository has it, and refuses an unknown one listing the ONNX files', () => {
    assert.equal(classifierFiles('r', [...base, 'onnx/model.onnx', 'onnx/model_quantized.onnx'], 'onnx/model.onnx').onnx, 'onnx/model.onnx');
    assert.throws(() => classifierFiles('r', [...base, 'onnx/model.onnx'], 'onnx/model_q4.onnx'), /ONNX files are: onnx\/model\.onnx/);
    assert.throws(() => classifierFiles('r', [...base, 'a.onnx', 'b.onnx'], undefined), /choose one with --file: a\.onnx, b\.onnx/);
  });

  it('finds the companions next to the ONNX file and its external weights', () => {
    const files = classifierFiles('r', ['onnx/config.json', 'onnx/tokenizer.json', 'onnx/model.onnx', 'onnx/model.onnx_data'], undefined);
    assert.deepEqual(files, {
      onnx: 'onnx/model.onnx',
      onnxData: ['onnx/model.onnx_data'],
      tokenizer: 'onnx/tokenizer.json',
      tokenizerConfig: undefined,
      config: 'onnx/config.json',
      readme: undefined,
    });
  });

  it('never uses a path that could leave the model folder', () => {
    assert.equal(
      codeOf(() => classifierFiles('r', [...base, '../evil.onnx', '/abs/model.onnx', 'onnx/../../model.onnx'], undefined)),
      'model_unsupported',
    );
    assert.equal(
      codeOf(() => classifierFiles('r', [...base, 'model.onnx'], '../model.onnx')),
      'invalid_field',
    );
  });

  it('refuses a repository without ONNX file, tokenizer.json or config.json', () => {
    assert.equal(
      codeOf(() => classifierFiles('r', base, undefined)),
      'model_unsupported',
    );
    assert.equal(
      codeOf(() => classifierFiles('r', ['config.json', 'onnx/model.onnx'], undefined)),
      'model_unsupported',
    );
    assert.equal(
      codeOf(() => classifierFiles('r', ['tokenizer.json', 'onnx/model.onnx'], undefined)),
      'model_unsupported',
    );
  });
});

describe('the manifest made from config.json and the tokenizer', () => {
  const config = (labels: string[], extra: Record<string, unknown> = {}) => ({ id2label: Object.fromEntries(labels.map((l, i) => [String(i), l])), ...extra });

  it('infers positive labels from well-known names, whole and case-insensitively, never from generic ones', () => {
    assert.deepEqual(positiveLabelsOf('r', ['BENIGN', 'INJECTION', 'JAILBREAK'], undefined), ['INJECTION', 'JAILBREAK']);
    assert.deepEqual(positiveLabelsOf('r', ['legit', 'prompt injection'], undefined), ['prompt injection']);
    assert.deepEqual(positiveLabelsOf('r', ['non-toxic', 'toxic'], undefined), ['toxic']);
    assert.equal(
      codeOf(() => positiveLabelsOf('r', ['LABEL_0', 'LABEL_1'], undefined)),
      'model_unsupported',
    );
    assert.equal(
      codeOf(() => positiveLabelsOf('r', ['NEGATIVE', 'POSITIVE'], undefined)),
      'model_unsupported',
    );
    assert.equal(
      codeOf(() => positiveLabelsOf('r', ['NOT_INJECTION', 'OTHER'], undefined)),
      'model_unsupported',
    );
    assert.equal(
      codeOf(() => positiveLabelsOf('r', ['TOXIC', 'INSULT'], undefined)),
      'invalid_field',
      'every label positive',
    );
  });

  it('maps given labels to the model’s spelling and refuses unknown ones, listing the labels', () => {
    assert.deepEqual(positiveLabelsOf('r', ['LABEL_0', 'LABEL_1'], ['label_1', 'LABEL_1']), ['LABEL_1']);
    assert.throws(() => positiveLabelsOf('r', ['LABEL_0', 'LABEL_1'], ['LABEL_2']), /no label "LABEL_2"; its labels are LABEL_0, LABEL_1/);
  });

  it('takes the smallest stated limit for max_tokens, minding position offsets', () => {
    assert.equal(maxTokensOf({ max_position_embeddings: 512, model_type: 'deberta-v2' }, {}, undefined), 512);
    assert.equal(maxTokensOf({ max_position_embeddings: 514, model_type: 'xlm-roberta' }, {}, undefined), 512);
    assert.equal(maxTokensOf({ max_position_embeddings: 512 }, { truncation: { max_length: 256 } }, undefined), 256);
    assert.equal(maxTokensOf({ max_position_embeddings: 512 }, {}, { model_max_length: 1e30 }), 512, 'the "no limit" sentinel is ignored');
    assert.equal(maxTokensOf({}, {}, undefined), 512);
  });

  it('uses a sigmoid per label for multi-label classifiers', () => {
    const single = classifierManifest({ source: 'r', config: config(['SAFE', 'UNSAFE']), tokenizer: {} });
    assert.equal(single.output, 'logits');
    assert.equal(single.positive_label, 'UNSAFE');
    const multi = classifierManifest({
      source: 'r',
      config: config(['toxic', 'severe_toxic', 'neutral'], { problem_type: 'multi_label_classification' }),
      tokenizer: {},
    });
    assert.equal(multi.output, 'multi_label_logits');
    assert.deepEqual(multi.positive_label, ['toxic', 'severe_toxic']);
  });

  it('refuses a config without usable id2label', () => {
    assert.equal(
      codeOf(() => classifierManifest({ source: 'r', config: {}, tokenizer: {} })),
      'model_unsupported',
    );
    assert.equal(
      codeOf(() => classifierManifest({ source: 'r', config: config(['ONLY']), tokenizer: {} })),
      'model_unsupported',
    );
    assert.equal(
      codeOf(() => classifierManifest({ source: 'r', config: { id2label: { 1: 'A', 2: 'B' } }, tokenizer: {} })),
      'model_unsupported',
    );
  });
});

describe('licences', () => {
  it('lets permissive licences through and asks acceptance for the others', () => {
    for (const license of ['apache-2.0', 'MIT', 'bsd-3-clause', 'cc-by-4.0']) assert.equal(isPermissive(license), true, license);
    for (const license of ['llama3.2', 'gemma', 'cc-by-nc-4.0', 'cc-by-nc-sa-4.0', 'other', 'openrail', 'gpl-3.0', undefined]) {
      assert.equal(isPermissive(license), false, String(license));
      assert.equal(
        codeOf(() => checkLicense('r', license, false)),
        'license_not_accepted',
        String(license),
      );
      assert.equal(
        codeOf(() => checkLicense('r', license, true)),
        undefined,
        String(license),
      );
    }
  });

  it('reads the licence of a README front matter, license_name for "other"', () => {
    assert.equal(readmeLicense('---\nlicense: apache-2.0\ntags:\n  - text-classification\n---\n# Card'), 'apache-2.0');
    assert.equal(readmeLicense('---\nlicense: other\nlicense_name: acme-research\n---\n'), 'acme-research');
    assert.equal(readmeLicense('# A card without front matter\nlicense: mit'), undefined);
    assert.equal(readmeLicense('---\n: not yaml [\n---\n'), undefined);
  });
});
