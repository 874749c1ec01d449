export { default } from '../../components/PlaceholderPage.tsx';
