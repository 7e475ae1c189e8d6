/** The benches' Recorder flow on the test tea shop: sign in, order two white teas, scroll (ten steps). */
export function shopFlow(origin: string) {
  return {
    title: 'bench: order two white teas',
    steps: [
      { type: 'navigate', url: `${origin}/` },
      { type: 'change', value: 'bob', selectors: [['aria/User name'], ['#user']] },
      { type: 'change', value: 'pw', selectors: [['#password']] },
      { type: 'click', selectors: [['aria/Sign in'], ['#signin > button']], offsetX: 20, offsetY: 8 },
      { type: 'waitForElement', selectors: [['#tea']] },
      { type: 'change', value: 'white', selectors: [['aria/Tea'], ['#tea']] },
      { type: 'change', value: '2', selectors: [['aria/Quantity'], ['#qty']] },
      { type: 'click', selectors: [['[data-testid="add"]']], offsetX: 10, offsetY: 5 },
      { type: 'waitForElement', selectors: [['text/Added 2 × white']] },
      { type: 'scroll', x: 0, y: 300 },
    ],
  };
}
