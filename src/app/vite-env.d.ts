/// <reference types="vite/client" />

/** Build-time settings of the dashboard; parsed and typed in src/app/config/env.ts. */
interface ImportMetaEnv {
  /** Map tile URL template for the Locations map, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  readonly VITE_TILE_URL?: string;
  /** Attribution shown on the map for those tiles. */
  readonly VITE_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
