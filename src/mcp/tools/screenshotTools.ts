import { z } from 'zod';
import { decodeImageDataUrl } from '../../connector/screenshots/imageInfo';
import type { StoredScreenshot } from '../../shared/protocol';
import type { ScreenshotOptions, ScreenshotPreview } from '../../shared/screenshotSchema';
import { bytes } from '../format/text';
import { aliasOf, defineTool, type ToolAnswer, type ToolContext, type ToolImage } from '../tool';
import { tabIdParam } from './params';

/** What a model can take in: longest side 1600 px, under about 1 MB. The browser makes this copy. */
export const PREVIEW_LIMITS = { maxDimension: 1600, maxBytes: 1_000_000 } as const;

const optionsSchema = z.strictObject({
  fullPage: z.boolean().default(true).describe('false: visible area only'),
  quality: z.number().int().min(1).max(100).default(80).describe('JPEG quality'),
  format: z.enum(['png', 'jpeg']).default('png').describe('Saved file format'),
  selector: z.string().min(1).optional().describe('One element only'),
  removeElements: z.array(z.string().min(1)).max(50).optional().describe('Hidden while capturing (banners)'),
  waitFor: z.number().int().min(0).max(30_000).optional().describe('ms to wait first'),
});

const schema = z.strictObject({
  options: optionsSchema.default({ fullPage: true, quality: 80, format: 'png' }).describe('All optional'),
  tabId: tabIdParam,
});

type ModelImage = ToolImage & { width: number; height: number };

/** The image as MCP wants it, if it is a PNG or JPEG within the model's limits; the MIME type comes from the data URL. */
function withinLimits(dataUrl: string): ModelImage | undefined {
  let image;
  try {
    image = decodeImageDataUrl(dataUrl);
  } catch {
    return undefined;
  }
  if (Math.max(image.width, image.height) > PREVIEW_LIMITS.maxDimension || image.bytes.length > PREVIEW_LIMITS.maxBytes)
    return undefined;
  return {
    data: dataUrl.slice(dataUrl.indexOf(',') + 1),
    mimeType: `image/${image.format}`,
    width: image.width,
    height: image.height,
  };
}

/** A preview within the limits as the image to show, with a sentence on what it shows. */
function fromPreview(
  entry: StoredScreenshot,
  preview: ScreenshotPreview | undefined,
): { image: ModelImage; note: string } | undefined {
  const copy = preview && withinLimits(preview.data);
  if (!copy) return undefined;
  const full = `${entry.dimensions.width}×${entry.dimensions.height} px`;
  const size = `${copy.width}×${copy.height} px`;
  if (preview.cropped)
    return {
      image: copy,
      note: `The image below shows only the top part of the page at ${size}; the whole page is ${full}. Read the rest in the saved file, or capture one part with options.selector.`,
    };
  if (copy.width !== entry.dimensions.width || copy.height !== entry.dimensions.height)
    return { image: copy, note: `The image below is scaled down to ${size} from ${full}.` };
  return { image: copy, note: '' };
}

/**
 * The image to show the model and a sentence on what it shows: the browser's preview, else the original
 * when it is within the limits, else a preview the browser makes now from the original.
 */
async function modelImage(
  entry: StoredScreenshot,
  dataUrl: string,
  preview: ScreenshotPreview | undefined,
  services: ToolContext['services'],
): Promise<{ image?: ModelImage; note: string }> {
  const sent = fromPreview(entry, preview);
  if (sent) return sent;
  const original = withinLimits(dataUrl);
  if (original) return { image: original, note: '' };
  let why: string;
  try {
    const asked = fromPreview(entry, await services.screenshots.previewOf(dataUrl, PREVIEW_LIMITS));
    if (asked) return asked;
    why = 'the model-sized copy the browser made was unreadable or over the limits';
  } catch (error) {
    why = `the browser could not make a model-sized copy (${(error as Error).message.replace(/\.$/, '')}; update the browser extension)`;
  }
  const full = `${entry.dimensions.width}×${entry.dimensions.height} px`;
  return {
    note: `The image is too large to show here (${full}, ${bytes(entry.size)}) and ${why}. Open the saved file, or capture again with options.fullPage=false or options.selector.`,
  };
}

async function capture(args: z.output<typeof schema>, { services }: ToolContext): Promise<ToolAnswer> {
  const options: ScreenshotOptions = {
    ...args.options,
    preview: { ...PREVIEW_LIMITS },
    ...(args.tabId === undefined ? {} : { tabId: args.tabId }),
  };
  const { entry, dataUrl, preview } = await services.screenshots.capture(options);
  const { image, note } = await modelImage(entry, dataUrl, preview, services);
  const saved = `Screenshot saved to ${entry.path} (${entry.format}, ${entry.dimensions.width}×${entry.dimensions.height} px, ${bytes(entry.size)}).`;
  return { text: note ? `${saved}\n${note}` : saved, image: image && { data: image.data, mimeType: image.mimeType } };
}

const screenshotCapture = defineTool({
  name: 'screenshot_capture',
  title: 'Screenshot',
  description:
    'The page (whole, visible area or one element) as an image of at most 1600 px; the full-size file is saved.',
  // The page is left as it was (hidden elements come back); the file goes to our own capped folder.
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema,
  handler: capture,
});

export const screenshotTools = [screenshotCapture, aliasOf(screenshotCapture, 'takeScreenshot')];
