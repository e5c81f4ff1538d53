import type { ComponentType } from 'react';
import type { PageId, RouteDef } from '../../features/routing/route-table';
import { AdminHomePage } from './admin-home';
import { DashboardPage } from './dashboard';
import { HomePage } from './home';
import { InitPage } from './init';
import { LegalPage } from './legal';
import { LoginPage } from './login';
import { LogoutPage } from './logout';
import { NotFoundPage } from './not-found';
import { PlaceholderPage } from './placeholder';
import { SignUpPage } from './sign-up';

export const PAGES: Record<PageId, ComponentType<{ def: RouteDef }>> = {
  home: HomePage,
  login: LoginPage,
  signUp: SignUpPage,
  logout: LogoutPage,
  dashboard: DashboardPage,
  legal: LegalPage,
  notFound: NotFoundPage,
  init: InitPage,
  adminHome: AdminHomePage,
  placeholder: PlaceholderPage,
};
