/**
 * A chat-completions answer in OpenAI's wire format whose first choice calls the screening function
 * (`describe_image`) with `args` (JSON text): what the AI stand-ins of the tests and of
 * `npm run test:resilience` answer.
 */
export function toolCallCompletion(args: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'describe_image', arguments: args } }],
        },
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** The screening a confident model gives a post of `type`, as the function's arguments. */
export function screeningArguments(type = 'Type 4'): string {
  return JSON.stringify({ general: { type, confidence: 0.93, isStool: true, description: 'A smooth sausage shape.' } });
}
