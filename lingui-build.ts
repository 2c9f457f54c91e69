import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';

/**
 * Lingui's build side, as its docs show for Vite with the React plugin: Babel runs Lingui's macro
 * plugin on the files that import a macro (`t`, `<Trans>`, `plural`...), and the Vite plugin
 * compiles `.po` catalogs when they are imported. Shared by vite.config.ts and vitest.config.ts.
 */
export function linguiPlugins(): PluginOption[] {
  const macros = defineRolldownBabelPreset({
    preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
  });
  return [babel({ presets: [macros] }), lingui()];
}
