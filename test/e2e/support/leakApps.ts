/** The Vite React app of the leak check: `npm create vite` react-ts with a useEffect that never cleans up. */
import type { DevApp } from './devApps';
import { viteReactTs } from './fixtureApps';

/** The line of the listener the effect adds and never removes (its closure keeps the chart alive). */
export const REACT_LISTENER_LINE = 13;

export const LEAKY_APP_TSX = `import { useEffect, useRef, useState } from 'react'

class ChartModel {
  points: number[] = Array.from({ length: 500 }, (_, i) => i)
}

function Chart() {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const model = new ChartModel()
    const node = ref.current
    // No cleanup: the listener, and the chart's node and model with it, outlive the component.
    const onResize = () => {
      model.points.push(node?.offsetWidth ?? 0)
    }
    window.addEventListener('resize', onResize)
  }, [])
  return <section ref={ref} className="chart">Chart</section>
}

function App() {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <button id="open" onClick={() => setOpen(true)}>Open</button>
      <button id="close" onClick={() => setOpen(false)}>Close</button>
      {open && <Chart />}
    </main>
  )
}

export default App
`;

/** The same scaffold as the source-map tests, in a folder of its own (its App.tsx differs). */
export const leakyReactApp: DevApp = {
  ...viteReactTs,
  id: `${viteReactTs.id}-leaks`,
  files: { 'src/App.tsx': LEAKY_APP_TSX },
};
