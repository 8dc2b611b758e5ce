/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    db: import('@forkcast/content-db').Db;
    site: import('./lib/site-settings').SiteSettings;
  }
}
