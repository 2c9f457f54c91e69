/**
 * The text of a JSON data block the server wrote into the page (`<script type="application/json"
 * id=…>`: the public config, the session, the rendered feed page); null when the page has none
 * (the service worker's copy, another page) or there is no document.
 */
export function dataBlockText(id: string): string | null {
  return typeof document === 'undefined' ? null : (document.getElementById(id)?.textContent ?? null);
}
