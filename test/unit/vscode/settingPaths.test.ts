import assert from 'node:assert/strict';
import { expandPathSetting } from '../../../src/vscode/settingPaths';

const context = {
  folders: [
    { name: 'shop', path: '/work/shop' },
    { name: 'docs', path: '/work/docs' },
  ],
  home: '/home/me',
};

describe('expandPathSetting: ${workspaceFolder} and friends in path settings', () => {
  it('expands the variables VS Code users write', () => {
    assert.equal(expandPathSetting('${workspaceFolder}/shots', context), '/work/shop/shots');
    assert.equal(expandPathSetting('${workspaceFolder:docs}/img', context), '/work/docs/img');
    assert.equal(expandPathSetting('${userHome}/Pictures', context), '/home/me/Pictures');
    assert.equal(expandPathSetting('~/Pictures', context), '/home/me/Pictures');
    assert.equal(expandPathSetting('~', context), '/home/me');
  });

  it('a relative path is under the first folder; an absolute one and empty stay as they are', () => {
    assert.equal(expandPathSetting('shots', context), '/work/shop/shots');
    assert.equal(expandPathSetting('./a/../shots', context), '/work/shop/shots');
    assert.equal(expandPathSetting('/tmp/shots', context), '/tmp/shots');
    assert.equal(expandPathSetting('  ', context), '');
  });

  it('a folder the window lacks is undefined, never a path under /', () => {
    assert.equal(expandPathSetting('${workspaceFolder:nope}/x', context), undefined);
    assert.equal(expandPathSetting('${workspaceFolder}/x', { folders: [], home: '/h' }), undefined);
    assert.equal(expandPathSetting('shots', { folders: [], home: '/h' }), undefined);
  });
});
