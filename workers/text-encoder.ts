// Imported first by the Worker's entry, for its effect: React's server renderer, evaluated later,
// creates its encoder with the ShortStringTextEncoder (docs/decisions/033). Listed in package.json's
// "sideEffects" so no bundler drops this import.
import { installShortStringTextEncoder } from "../app/server/text-encoder.server";

installShortStringTextEncoder();
