/** The VITE_* settings of a complete Firebase build (a demo- project; nothing here is contacted). */
export const FIREBASE_BUILD_ENV: Record<string, string> = {
  VITE_BACKEND: 'firebase',
  VITE_CHAT_SERVICE_URL: '/',
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-business-chat.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-business-chat',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
  VITE_DEFAULT_BUSINESS_ID: 'bella-vista-salon',
  VITE_SUPPORT_FORM_URL: 'https://support.example.com/contact',
};
