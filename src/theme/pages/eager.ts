import type { PageComponents } from '../App.tsx';
import { Footer } from '../Footer.tsx';
import { ErrorsPage } from './ErrorsPage.tsx';
import { HomePage } from './HomePage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** The server renders every page in one pass, so it uses the page components directly. */
export const eagerPages: PageComponents = { Footer, HomePage, ErrorsPage, NotFoundPage };
