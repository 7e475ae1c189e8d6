/**
 * A remote client's command arguments, read into the shared command map's types. By hand, not zod:
 * this module runs in the browser extension's worker too, whose bundle keeps zod out. A field of the
 * wrong type is refused, never passed on.
 */
import type { CommandArgs, TabTarget } from '../browserCommands';
import type { ScreenshotOptions } from '../screenshotSchema';

type Fields = Record<string, unknown>;

export class RemoteArgumentError extends Error {}

function optional<T>(args: Fields, key: string, is: (value: unknown) => value is T, expected: string): T | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (!is(value)) throw new RemoteArgumentError(`'${key}' must be ${expected}.`);
  return value;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isFormat = (value: unknown): value is 'png' | 'jpeg' => value === 'png' || value === 'jpeg';
const isWaitUntil = (value: unknown): value is 'load' | 'domcontentloaded' =>
  value === 'load' || value === 'domcontentloaded';

function required(args: Fields, key: string, example: string): string {
  const value = args[key];
  if (typeof value !== 'string' || !value) throw new RemoteArgumentError(`Give '${key}' as a string, e.g. ${example}.`);
  return value;
}

/** Leaves out what is undefined, so the browser sees only what the client sent. */
function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

export function tabArgs(args: Fields): TabTarget {
  return defined({ tabId: optional(args, 'tabId', isNumber, 'a tab id from tabs') });
}

export function screenshotArgs(args: Fields): ScreenshotOptions {
  return defined({
    ...tabArgs(args),
    fullPage: optional(args, 'fullPage', isBoolean, 'true or false'),
    quality: optional(args, 'quality', isNumber, 'a number 1..100'),
    format: optional(args, 'format', isFormat, 'png or jpeg'),
    selector: optional(args, 'selector', isString, 'a CSS selector'),
    removeElements: optional(args, 'removeElements', isStrings, 'a list of CSS selectors'),
    waitFor: optional(args, 'waitFor', isNumber, 'milliseconds'),
  });
}

export function navigateArgs(args: Fields): CommandArgs<'navigate'> {
  return defined({
    ...tabArgs(args),
    url: required(args, 'url', 'http://localhost:5173/'),
    waitUntil: optional(args, 'waitUntil', isWaitUntil, 'load or domcontentloaded'),
  });
}

export function scriptArgs(args: Fields): CommandArgs<'run-script'> {
  return defined({
    ...tabArgs(args),
    code: required(args, 'code', 'document.title'),
    returnResult: optional(args, 'returnResult', isBoolean, 'true or false'),
    frame: optional(args, 'frame', isString, 'a ref such as "e7" or part of a frame URL'),
  });
}
