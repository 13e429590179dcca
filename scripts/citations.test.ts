import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A comment that says "see SPEC §4" or "issue 12" points at a document a reader of this repository
// does not have: the team's reference documents and issue tracker stay outside it. A comment says
// its reason in its own words, or cites a file in docs/. This test finds such citations in every
// tracked file outside docs/ (code, tests, Markdown, scripts).

const repoDir = fileURLToPath(new URL('../', import.meta.url));

/**
 * What counts as a citation. Upper-case SPEC, DESIGN and PROVIDER-API name the reference documents
 * (a word such as `spec.ts`, `SPECIAL` or `DESIGN_TOKENS` does not match); `§` after "spec" is a
 * section of one; "issue 12" or "Issue #12" is an issue of the team's tracker. A section of a public
 * standard ("RFC 6749 §4.1.2") and an issue link of another project (`…/issues/12`) are fine.
 */
const CITATION = /\bspec ?§|\bSPEC\b|\bDESIGN\b|\bPROVIDER-API\b|\bSTYLE\.md\b|\bissues? #?\d+/gi;
const UPPER_CASE_ONLY = /^(SPEC|DESIGN|PROVIDER-API|STYLE\.md)$/;

/** The citations in one text, as the matched words (upper-case names only when written upper-case). */
function findCitations(text: string): string[] {
  return [...text.matchAll(CITATION)]
    .map((match) => match[0])
    .filter((hit) => !UPPER_CASE_ONLY.test(hit.toUpperCase()) || hit === hit.toUpperCase());
}

/** This file spells the patterns out, so it is the one file not searched. */
const THIS_FILE = 'scripts/citations.test.ts';
const BINARY = /\.(png|ico|jpe?g|webp|gif|woff2?|ttf|gz|br|zip)$/;

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: repoDir, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((path) => path !== '' && !path.startsWith('docs/') && path !== THIS_FILE)
    .filter((path) => !BINARY.test(path) && !path.endsWith('package-lock.json'));
}

/** `path:line: text` for every line of a file that cites. */
function citingLines(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(repoDir, path), 'utf8');
  } catch {
    return []; // deleted in the working tree, not yet in the index
  }
  return text
    .split('\n')
    .flatMap((line, index) =>
      findCitations(line).length > 0 ? [`${path}:${index + 1}: ${line.trim()}`] : [],
    );
}

describe('the citation pattern', () => {
  it('finds citations of the reference documents and of issues', () => {
    const cited = [
      '// SPEC §4: the list shows 12 per page',
      '(SPEC: Playlists, Alarms)',
      "SPEC's prepare window",
      '(DESIGN "Sessions, alarms and delivery")',
      '(DESIGN.md: protected by default)',
      '(PROVIDER-API.md Corrections)',
      'as STYLE.md shows',
      'see spec §9',
      "it('… (issue 4)')",
      'Issue #13 goals',
    ];
    expect(cited.filter((text) => findCitations(text).length === 0)).toEqual([]);
  });

  it('leaves ordinary words, identifiers, file names and outside references alone', () => {
    const plain = [
      "import { test } from './alarm-codec.spec.ts';",
      'const SPECIAL_CASES = 3; const OPENAPI_SPEC = {}; DESIGN_TOKENS',
      'the spec says, a design choice, the provider API',
      'RFC 6749 §4.1.2',
      'https://github.com/mqttjs/MQTT.js/issues/1234',
      'this issue is known',
      'docs/provider-contract.md, Volume scales',
    ];
    expect(plain.flatMap(findCitations)).toEqual([]);
  });
});

describe('tracked files outside docs/', () => {
  const files = trackedTextFiles();

  it('cite no reference document or issue number (say the reason, or cite a file in docs/)', () => {
    const hits = files.flatMap(citingLines);
    expect(hits).toEqual([]);
  });
});
