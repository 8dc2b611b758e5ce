/** Where readers can write when the contact dialog is not available. */
export const CONTACT_EMAIL = 'hello@forkcast.example';
