import assert from 'node:assert/strict';
import { SIGNATURE } from '../../../../src/shared/identity';
import { until } from '../../../support/connector';
import { get } from '../../../support/http';
import { httpApiRig } from './httpApiRig';

describe('connector HTTP API: identity and health', () => {
  const api = httpApiRig();

  it('answers /.identity with the signature, our name, protocol version and status fields', async () => {
    const { status, json } = await get(api.port, '/.identity');
    assert.equal(status, 200);
    assert.equal(json.signature, SIGNATURE);
    assert.equal(json.name, 'browser-debug-connector');
    assert.equal(json.port, api.port);
    assert.equal(json.protocolVersion, 1);
    assert.equal(json.status, 'healthy');
    assert.equal(typeof json.version, 'string');
    assert.equal(typeof json.uptime, 'number');
    assert.equal(json.connections, 1);
    assert.ok(!Number.isNaN(Date.parse(json.timestamp)));
    assert.deepEqual(json.features, { screenshots: true, engine: true, websocket: true });
  });

  it('answers /.port', async () => {
    assert.deepEqual((await get(api.port, '/.port')).json, { port: api.port });
  });

  it('answers /health in the connector variant with version, checks and metrics', async () => {
    const { json } = await get(api.port, '/health');
    assert.equal(json.status, 'healthy');
    assert.equal(typeof json.version, 'string');
    assert.equal(json.checks.websocket, 'ok');
    assert.equal(json.checks.chrome, 'ok');
    assert.equal(typeof json.checks.engine, 'string');
    assert.match(json.metrics.memoryUsage, /MB$/);
    assert.match(json.metrics.cpuUsage, /%$/);
    assert.equal(json.metrics.activeConnections, 1);
  });

  it('reports a missing browser in /health', async () => {
    await api.browser.close();
    await until(() => !api.connector.services.bridge.connected);
    assert.equal((await get(api.port, '/health')).json.checks.chrome, 'no browser extension connected');
  });

  it('serves health under /api/v1 in the B envelope', async () => {
    const { json, headers } = await get(api.port, '/api/v1/health');
    assert.equal(json.status, 'success');
    assert.equal(json.data.status, 'healthy');
    assert.equal(json.requestId, headers['x-request-id']);
    assert.ok(!Number.isNaN(Date.parse(json.timestamp)));
  });
});
