import OpenAI from 'openai';
import { POOP_TYPES } from '../../core/poop';

/** An OpenAI-compatible chat-completions endpoint (hosted, or a local model server). */
export interface AiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/** Screens one image; answers the parsed function-call arguments (stored as the post's aiScreening). */
export type ImageScreener = (imageBase64: string, contentType: string) => Promise<Record<string, unknown>>;

export class ScreeningError extends Error {}

const FUNCTION_NAME = 'describe_image';

/** The function the model must call: its arguments describe the image (spec: aiScreening.general.type). */
const DESCRIBE_IMAGE = {
  type: 'function' as const,
  function: {
    name: FUNCTION_NAME,
    description: 'Describe the photo posted to a stool-tracking app, using the Bristol stool scale.',
    parameters: {
      type: 'object',
      properties: {
        general: {
          type: 'object',
          properties: {
            type: {
              type: 'string',
              enum: [...POOP_TYPES],
              description: 'Bristol type 1-7, Other when it is not stool, Indecise when unsure.',
            },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
            isStool: { type: 'boolean', description: 'Whether the photo shows stool at all.' },
            description: { type: 'string', description: 'One short sentence.' },
          },
          required: ['type', 'confidence', 'isStool', 'description'],
        },
      },
      required: ['general'],
    },
  },
};

/**
 * AI screening through the official `openai` SDK pointed at AI_BASE_URL: the image goes as a
 * base64 data URL with a forced tool call, and the first choice's function-call arguments (a JSON
 * string) are parsed. A non-OK answer, a missing call or unparsable arguments throw.
 */
export function openAiScreener(config: AiConfig): ImageScreener {
  // The job queue retries with back-off, so the SDK does not retry on its own.
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 0 });
  return async (imageBase64, contentType) => {
    const completion = await client.chat.completions.create({
      model: config.model,
      messages: [
        { role: 'system', content: 'You classify photos for a stool-tracking app. Always answer by calling the function.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe this photo.' },
            { type: 'image_url', image_url: { url: `data:${contentType};base64,${imageBase64}` } },
          ],
        },
      ],
      tools: [DESCRIBE_IMAGE],
      tool_choice: { type: 'function', function: { name: FUNCTION_NAME } },
    });
    const call = completion.choices[0]?.message.tool_calls?.[0];
    const args = call && call.type === 'function' ? call.function.arguments : undefined;
    if (!args) throw new ScreeningError('the model answered without a function call');
    let parsed: unknown;
    try {
      parsed = JSON.parse(args);
    } catch {
      throw new ScreeningError('the function-call arguments are not JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ScreeningError('the function-call arguments are not an object');
    }
    return parsed as Record<string, unknown>;
  };
}
