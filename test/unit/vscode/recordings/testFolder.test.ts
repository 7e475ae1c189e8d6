import assert from 'node:assert/strict';
import type { FolderProbe } from '../../../../src/vscode/recordings/testFolder';
import { testFolderFor } from '../../../../src/vscode/recordings/testFolder';

function probe(files: Record<string, string>, folders: string[]): FolderProbe {
  return {
    exists: async (path) => folders.includes(path),
    readText: async (path) => files[path],
  };
}

describe('testFolderFor: where the project keeps its tests', () => {
  it("Playwright: the config's testDir, else its folder", async () => {
    const config = "export default defineConfig({\n  testDir: './e2e/specs/',\n  use: {} });";
    assert.equal(await testFolderFor('playwright', probe({ 'playwright.config.ts': config }, ['tests'])), 'e2e/specs');
    assert.equal(await testFolderFor('playwright', probe({ 'playwright.config.mjs': 'export default {}' }, [])), '');
    assert.equal(
      await testFolderFor('playwright', probe({ 'playwright.config.js': "module.exports = { testDir: '../x' }" }, [])),
      'tests',
      'a testDir outside the workspace folder is not followed',
    );
  });

  it('Cypress: cypress/e2e first; others: tests/, then e2e/, else tests/', async () => {
    assert.equal(await testFolderFor('cypress', probe({}, ['tests', 'cypress/e2e'])), 'cypress/e2e');
    assert.equal(await testFolderFor('puppeteer', probe({}, ['e2e'])), 'e2e');
    assert.equal(await testFolderFor('playwright', probe({}, ['e2e', 'tests'])), 'tests');
    assert.equal(await testFolderFor('recorder-json', probe({}, [])), 'tests');
  });
});
