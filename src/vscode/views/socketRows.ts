import * as vscode from 'vscode';
import type { StoredWebSocketEvent } from '../../shared/protocol';
import { formatBytes } from '../units';
import { safeTreeItem } from './safeTreeItem';

/** One page WebSocket in the Network view: its row sits among the requests, its events are its children. */
export interface SocketRow {
  kind: 'socket';
  connectionId: string;
  socketUrl: string;
  pageLoadId: string;
  /** Where it sorts among the requests: the seq of its first event. */
  seq: number;
  events: StoredWebSocketEvent[];
}

export function isSocketRow(node: unknown): node is SocketRow {
  return typeof node === 'object' && node !== null && (node as SocketRow).kind === 'socket';
}

/**
 * The sockets of `events`, one row each. Rows are kept in `rows` across refreshes (by connection id), so a
 * new frame refreshes its socket's row rather than building a new one.
 */
export function socketRows(events: readonly StoredWebSocketEvent[], rows: Map<string, SocketRow>): SocketRow[] {
  const seen = new Set<string>();
  for (const row of rows.values()) row.events = [];
  for (const event of events) {
    let row = rows.get(event.connectionId);
    if (!row) {
      row = {
        kind: 'socket',
        connectionId: event.connectionId,
        socketUrl: event.socketUrl,
        pageLoadId: event.pageLoadId,
        seq: event.seq,
        events: [],
      };
      rows.set(event.connectionId, row);
    }
    row.events.push(event);
    seen.add(event.connectionId);
  }
  for (const id of [...rows.keys()]) if (!seen.has(id)) rows.delete(id);
  return [...rows.values()];
}

export function socketItem(row: SocketRow): vscode.TreeItem {
  const frames = row.events.filter((event) => event.event === 'frame').length;
  const closed = row.events.find((event) => event.event === 'close');
  const failed = row.events.some((event) => event.event === 'error');
  const item = new vscode.TreeItem(`WS ${row.socketUrl}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `network-socket-${row.pageLoadId}-${row.connectionId}`;
  item.description = [
    `${frames} frame${frames === 1 ? '' : 's'}`,
    closed ? `closed ${closed.code ?? ''}`.trim() : failed ? 'error' : 'open',
  ].join(' · ');
  item.iconPath = new vscode.ThemeIcon(
    'plug',
    failed ? new vscode.ThemeColor('errorForeground') : new vscode.ThemeColor('testing.iconPassed'),
  );
  item.tooltip = `WebSocket ${row.socketUrl}\n${frames} frames`;
  item.contextValue = 'websocket';
  return safeTreeItem(item);
}

/** `↑ text 12 B  {"seq":1}` or `↓ binary 8 B  0a0b0c…`; opens, closes and errors say so. */
export function socketEventItem(event: StoredWebSocketEvent): vscode.TreeItem {
  const item = new vscode.TreeItem(eventLabel(event), vscode.TreeItemCollapsibleState.None);
  item.id = `network-socket-event-${event.id}`;
  item.description = new Date(event.timestamp).toLocaleTimeString();
  item.tooltip = event.text ?? event.hex ?? event.reason ?? event.event;
  return safeTreeItem(item);
}

function eventLabel(event: StoredWebSocketEvent): string {
  if (event.event !== 'frame') {
    const detail = [event.code, event.reason].filter((part) => part !== undefined && part !== '').join(' ');
    return `${event.event}${detail ? ` ${detail}` : ''}${event.dropped ? ` (${event.dropped} frames not kept)` : ''}`;
  }
  const arrow = event.direction === 'sent' ? '↑' : '↓';
  const kind = event.opcode === 2 ? 'binary' : 'text';
  const head = event.text ?? (event.hex ? `${event.hex}…` : '');
  return `${arrow} ${kind} ${formatBytes(event.size ?? 0)}  ${head.replace(/\s+/g, ' ').slice(0, 120)}`;
}
