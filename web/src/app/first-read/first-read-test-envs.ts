/** The page settings the first-read script's tests build it for: the local and the Firebase backend. */
import type { AppEnv } from '../../config/env.js';

export const LOCAL_ENV: AppEnv = {
  backend: 'local',
  localServerUrl: 'http://127.0.0.1:4000/',
  defaultBusinessId: 'bella-vista-salon',
  assistantName: 'Ava',
  supportFormUrl: 'https://support.example.com/contact',
};

export const FIREBASE_ENV: AppEnv = {
  ...LOCAL_ENV,
  backend: 'firebase',
  firebase: {
    apiKey: 'k',
    authDomain: 'demo.firebaseapp.com',
    projectId: 'demo-business-chat',
    appId: '1:1:web:1',
    chatServiceUrl: '/',
    firestoreEmulatorHost: '127.0.0.1:8080',
  },
};
