import vue from '@vitejs/plugin-vue';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  // The <powerbi-*> tags are custom elements, not Vue components: Vue passes their attributes
  // through and listens to their DOM events.
  plugins: [
    vue({
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('powerbi-') } },
    }),
  ],
  // Inside this repository the Canopy packages resolve to their sources, so no build is needed.
  // In your own app, drop this line: the published packages resolve to their builds.
  resolve: { conditions: ['@canopy/source', ...defaultClientConditions] },
});
