/** A JSON data block (`<script type="application/json">`: data, not script, for the CSP) for a page's HTML. */
export function dataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
