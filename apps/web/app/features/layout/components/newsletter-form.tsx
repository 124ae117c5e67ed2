// The footer's newsletter form lives with its feature; the footer keeps importing it from here.
export { NewsletterForm } from '~/features/newsletter/components/newsletter-form';
