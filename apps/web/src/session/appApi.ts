import { configureApi } from '../api/client.ts';
import { showAlert, showToast } from '../components/feedback.tsx';
import { endSession } from './endSession.ts';

/** Hands the API client what the app shows and where it sends the user when the session is gone. */
export function configureAppApi(): void {
  configureApi({ toast: showToast, alert: showAlert, endSession });
}
