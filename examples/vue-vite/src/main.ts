// Defines <powerbi-report> and the other elements (once, on import).
import '@canopy/embed-core/elements';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
