import { ApiError, errorText } from './api';

/** The server's text for a failed call when it sent one, else the screen's own message. */
export const failureText = (error: unknown, fallback: string) => (error instanceof ApiError ? errorText(error.body, error.status, fallback) : fallback);
