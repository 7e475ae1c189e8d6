import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Setting {
  order?: number;
  scope?: string;
  default?: unknown;
}
interface Section {
  title: string;
  order: number;
  properties: Record<string, Setting>;
}

const ROOT = join(__dirname, '..', '..', '..');
const sections = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { configuration: Section[] } }
).contributes.configuration;

describe('package.json settings: sections in order', () => {
  it('every section has a title and a distinct order; every setting an order within it', () => {
    assert.ok(sections.length >= 5, 'settings are grouped, not one flat list');
    const orders = sections.map((section) => section.order);
    assert.deepEqual(
      orders,
      [...orders].sort((a, b) => a - b),
    );
    assert.equal(new Set(orders).size, orders.length);
    for (const section of sections) {
      assert.ok(section.title, 'a section title');
      const within = Object.values(section.properties).map((setting) => setting.order);
      assert.ok(
        within.every((order) => Number.isInteger(order)),
        `${section.title}: every setting has an order`,
      );
      assert.equal(new Set(within).size, within.length, `${section.title}: distinct orders`);
    }
  });

  it('the connector section comes first, its port machine-scoped', () => {
    const first = sections[0]!;
    assert.equal(first.title, 'Connector');
    assert.equal(first.properties['browserDebug.connector.port']?.scope, 'machine');
  });
});
