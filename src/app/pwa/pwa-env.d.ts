// Types of vite-plugin-pwa's virtual registration module (src/app/pwa only).
/// <reference types="vite-plugin-pwa/react" />
