export declare const FRAME_ANCESTORS: string;
export declare const FRAME_ANCESTORS_HEADERS: { 'Content-Security-Policy': string };
