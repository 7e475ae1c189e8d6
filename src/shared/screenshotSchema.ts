/** What a screenshot may ask for and the model-sized copy it may come with: the connector validates both. */
import { z } from 'zod';
import { name } from './fieldSchemas';

export const screenshotOptionsSchema = z.object({
  fullPage: z.boolean().optional().describe('capture the whole scrollable page (default true)'),
  quality: z.number().int().min(1).max(100).optional().describe('JPEG quality 1..100 (default 80)'),
  format: z.enum(['png', 'jpeg']).optional().describe('image format (default png)'),
  selector: name().optional().describe('CSS selector of one element to capture'),
  removeElements: z
    .array(name())
    .max(100)
    .optional()
    .describe('CSS selectors hidden before capture and restored after'),
  waitFor: z.number().int().min(0).max(30_000).optional().describe('milliseconds to wait before capture'),
  preview: z
    .object({
      maxDimension: z.number().int().min(100).max(8000).describe('longest side of the preview, in px'),
      maxBytes: z.number().int().min(10_000).describe('the preview JPEG stays under this size'),
    })
    .optional()
    .describe('also send a model-sized JPEG copy; a page much taller than wide is cropped to its top part'),
  tabId: z.number().int().optional().describe('tab to capture; default: the locked tab, else the active tab'),
});
export type ScreenshotOptions = z.infer<typeof screenshotOptionsSchema>;

export const screenshotPreviewSchema = z.object({
  data: z.string().describe('data URL of a JPEG'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  cropped: z.boolean().describe('true when only the top part of a tall page is shown'),
});
export type ScreenshotPreview = z.infer<typeof screenshotPreviewSchema>;
