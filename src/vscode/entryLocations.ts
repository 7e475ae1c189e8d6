import * as vscode from 'vscode';
import type { Logger } from '../connector/logging/logger';
import { EntryLocator } from '../connector/sourceMaps/entryLocator';
import { SourceMapper } from '../connector/sourceMaps/sourceMapper';
import { locationLabel, rawLocation, shortLocationLabel, type EntryLocation } from '../shared/entryLocation';
import type { StackFrame, StoredEntry } from '../shared/protocol';
import type { MappedFrame } from '../shared/stackFrames';
import type { CaptureFeed, ConsoleEntry } from './captureFeed';
import { workspaceFileRoots } from './settings';
import { workspaceRelative } from './workspacePaths';

/** When an entry whose map could not be fetched is tried once more. */
const RETRY_MS = 5000;

/**
 * The window's mapped locations of console entries, original first, for the tree, Problems, jump to
 * source and the dashboard. Each new entry is mapped once as it arrives (maps cached per script);
 * `onDidLocate` tells the views to relabel. The feed may follow another window's connector, so the
 * window maps with its own locator rather than asking the connector.
 */
export class EntryLocations implements vscode.Disposable {
  readonly locator: EntryLocator;
  private readonly mapper: SourceMapper;
  private readonly located = new vscode.EventEmitter<ConsoleEntry[]>();
  private readonly subscription: vscode.Disposable;
  /** Entries whose mapped location arrived, in batches. */
  readonly onDidLocate = this.located.event;

  constructor(feed: CaptureFeed, logger: Logger) {
    this.mapper = new SourceMapper({ logger, fileRoots: workspaceFileRoots });
    this.locator = new EntryLocator(this.mapper, { retryMs: RETRY_MS });
    this.subscription = feed.onDidAdd((entries) => void this.locateNew(entries));
  }

  /** The mapped location if known now. */
  peek(entry: ConsoleEntry): EntryLocation | undefined {
    return this.locator.peek(entry);
  }

  locate(entry: ConsoleEntry): Promise<EntryLocation> {
    return this.locator.locate(entry);
  }

  /** One script position mapped (a trace's long task, say), through the same per-script cache. */
  mapFrame(frame: StackFrame): Promise<MappedFrame> {
    return this.mapper.mapFrame(frame);
  }

  /** `App.tsx:6` (original when mapped), for tree rows. */
  shortLabel(entry: ConsoleEntry): string {
    const at = this.peek(entry)?.at ?? rawLocation({ source: entry.source });
    return at ? shortLocationLabel(at) : '';
  }

  /** `/src/App.tsx:6:5` (original when mapped); a path inside the workspace relative to it (`app/page.tsx:7:13`). */
  label(entry: ConsoleEntry): string {
    const at = this.peek(entry)?.at ?? rawLocation({ source: entry.source });
    return at ? workspaceRelative(locationLabel(at)) : '';
  }

  /** A request's initiator (`file:line:col` of the calling code), mapped when known now, workspace-relative. */
  initiatorLabel(initiator: string | undefined, short = false): string {
    if (!initiator) return '';
    const at = this.locator.peek({ source: initiator })?.at ?? rawLocation({ source: initiator });
    if (!at) return initiator;
    return short ? shortLocationLabel(at) : workspaceRelative(locationLabel(at));
  }

  /** Maps initiators not mapped yet; resolves true when any label changed. */
  async locateInitiators(initiators: readonly string[]): Promise<boolean> {
    const fresh = [...new Set(initiators)].filter((source) => !this.locator.peek({ source }));
    if (!fresh.length) return false;
    await Promise.all(fresh.map((source) => this.locator.locate({ source }).catch(() => undefined)));
    return true;
  }

  dispose(): void {
    this.subscription.dispose();
    this.located.dispose();
  }

  private async locateNew(entries: readonly StoredEntry[], retry = false): Promise<void> {
    const console = entries.filter(
      (entry): entry is ConsoleEntry => entry.type === 'console-log' || entry.type === 'console-error',
    );
    if (!console.length) return;
    const before = console.map((entry) => this.label(entry));
    const located = await Promise.all(console.map((entry) => this.locator.locate(entry)));
    // Only rows whose label changed: a refresh for nothing would also close a context menu the user opened.
    const relabelled = console.filter((entry, i) => this.label(entry) !== before[i]);
    if (relabelled.length) this.located.fire(relabelled);
    // A map the dev server was too busy to serve gets one more try, so rows do not keep the bundle line.
    const unmapped = console.filter((_, i) => !located[i]!.at?.original && located[i]!.at);
    if (unmapped.length && !retry) setTimeout(() => void this.locateNew(unmapped, true), RETRY_MS).unref?.();
  }
}
