// Element Timing (https://w3c.github.io/element-timing/): an element's `elementtiming` attribute asks
// the browser to report when its text or image was painted. React passes the attribute through;
// its types do not name it.
import 'react';

declare module 'react' {
  // Merged into React's own declaration, whose type parameter must be named as there.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
