import assert from 'node:assert/strict';
import { validateFlowContent } from '../../../../src/connector/recordings/flowValidation';
import { ApiError } from '../../../../src/shared/errors';

const navigate = (url: string) => ({ type: 'navigate', url });
const flow = (...steps: unknown[]) => ({ title: 'Imported', steps });

/** validateFlowContent refuses with INVALID_PARAMETER and a message that names the place. */
function refused(input: unknown, message: RegExp): void {
  assert.throws(
    () => validateFlowContent(input),
    (error: ApiError) => error instanceof ApiError && error.code === 'INVALID_PARAMETER' && message.test(error.message),
  );
}

describe('imported flows: string content is checked', () => {
  it('takes a DevTools Recorder flow with ordinary strings, quotes and backslashes included', () => {
    const value = `it's "quoted" \\ and \`ticked\` \${x}`;
    const input = flow(navigate('https://shop.example/a?q="x"'), {
      type: 'change',
      value,
      selectors: [['aria/Name'], ['#name']],
    });
    assert.equal(validateFlowContent(input).steps[1]!.value, value);
  });

  it('refuses a line terminator or a control character in any URL, naming the step and field', () => {
    for (const bad of ['\n', '\r', '\u2028', '\u2029', '\u0000', '\u007f'])
      refused(flow(navigate(`https://shop.example/a${bad}b`)), /step 1 \(navigate\), url is not a URL on one line/);
    refused(
      flow(navigate('https://a.example/'), {
        type: 'click',
        selectors: ['#a'],
        offsetX: 1,
        offsetY: 1,
        assertedEvents: [{ type: 'navigation', url: 'https://a.example/\nrequire("fs")' }],
      }),
      /step 2 \(click\), assertedEvents\[0\]\.url is not a URL on one line/,
    );
    refused(flow(navigate('/relative')), /url is not an absolute URL: "\/relative"/);
  });

  it('refuses our own placeholders anywhere: title, values, selectors', () => {
    refused(
      { title: 'a __BD_BASE_URL__', steps: [navigate('https://a.example/')] },
      /the title holds a Browser Debug placeholder/,
    );
    refused(
      flow(navigate('https://a.example/'), { type: 'change', value: '__BD_BASE_URL__/1);', selectors: ['#a'] }),
      /step 2 \(change\), value holds a Browser Debug placeholder \(__BD_…__\)/,
    );
    refused(
      flow(navigate('https://a.example/'), { type: 'hover', selectors: [['#a', '__BD_SECRET_X__']] }),
      /step 2 \(hover\), selectors\[0\]\[1\] holds a Browser Debug placeholder/,
    );
  });

  it('refuses a field name a converter would write as code', () => {
    refused(
      flow(navigate('https://a.example/'), {
        type: 'waitForElement',
        selectors: ['#a'],
        attributes: { 'a: require("fs"), b': 'x' },
      }),
      /field "a: require\(\\"fs\\"\), b" is not a plain field name/,
    );
  });

  it('every refusal says what to do next', () => {
    assert.throws(
      () => validateFlowContent(flow(navigate('https://a.example/\n'))),
      /fix or remove the step and try again\.$/,
    );
  });
});
