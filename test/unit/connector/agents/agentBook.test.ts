import assert from 'node:assert/strict';
import { PRESENT_IDLE_MS } from '../../../../src/connector/agents/agent';
import { AgentBook } from '../../../../src/connector/agents/agentBook';
import { checkTab } from '../../../../src/connector/agents/leaseGate';

describe('agents present: who the developer’s tabs are kept from', () => {
  it('a session whose client went away without DELETE stops shutting the next agent out once idle', () => {
    const book = new AgentBook();
    const gone = book.join('Copilot');
    const next = book.join('Copilot');
    assert.equal(book.count, 2);
    assert.throws(() => checkTab(book, next, 7), /TAB_NOT_SHARED|developer's/);
    gone.lastCallAt = Date.now() - PRESENT_IDLE_MS - 1;
    assert.equal(book.count, 1, 'the idle session without a tab of its own no longer counts');
    assert.doesNotThrow(() => checkTab(book, next, 7), 'one agent present: the developer’s tab as before');
  });

  it('an idle agent holding a tab still counts, and a stopped one never does', () => {
    const book = new AgentBook();
    const holder = book.join('Claude');
    const other = book.join('Codex');
    book.lease(41, holder);
    holder.lastCallAt = Date.now() - PRESENT_IDLE_MS - 1;
    assert.equal(book.count, 2);
    assert.throws(() => checkTab(book, other, 41), /leased to another agent, "Claude · 1"/);
    other.stopped = true;
    assert.equal(book.count, 1);
  });
});
