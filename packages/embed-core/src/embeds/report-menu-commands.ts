import type * as models from 'powerbi-models';

/** The two menus a report lets the host extend with its own commands. */
export type MenuExtensionPoint = 'visualContextMenu' | 'visualOptionsMenu';

const VISUAL_SELECTOR_SCHEMA = 'http://powerbi.com/product/schema#visualSelector';
const VISUAL_TYPE_SELECTOR_SCHEMA = 'http://powerbi.com/product/schema#visualTypeSelector';

export interface MenuCommandOptions {
  point: MenuExtensionPoint;
  name: string;
  title: string;
  menuTitle: string;
  menuLocation: models.MenuLocation;
  visualName?: string;
  visualType?: string;
  groupName?: string;
  icon?: string;
}

/**
 * Builds one menu command the way the service expects it. Key order and the `icon` key being present
 * (possibly `undefined`) on options-menu commands follow the original, because the structured clone
 * sent over postMessage keeps both.
 */
export function buildMenuCommand(options: MenuCommandOptions): models.ICommandExtension {
  const command: models.ICommandExtension = {
    name: options.name,
    title: options.title,
    extend: {},
  };
  const entry: models.IFlatMenuExtension & { groupName?: string } = {
    title: options.menuTitle,
    menuLocation: options.menuLocation,
  };
  command.extend[options.point] = entry;
  if (options.point === 'visualOptionsMenu') command.icon = options.icon;
  if (options.groupName) {
    // A grouped entry takes its place from the group, so its own location is dropped.
    delete entry.menuLocation;
    entry.groupName = options.groupName;
  }
  if (options.visualName) {
    command.selector = { $schema: VISUAL_SELECTOR_SCHEMA, visualName: options.visualName };
  }
  // A visual type selector wins over a visual name selector, as in the original.
  if (options.visualType) {
    command.selector = { $schema: VISUAL_TYPE_SELECTOR_SCHEMA, visualType: options.visualType };
  }
  return command;
}

/**
 * A copy of `commands` without the `point` menu entry of the first command called `name` whose entry
 * has the title `menuTitle`; `undefined` when there is no such command. The command itself stays,
 * because it may still extend the other menu. The copy is a JSON round trip like the original's, so
 * keys holding `undefined` disappear from what is sent next.
 */
export function withoutMenuEntry(
  commands: models.ICommandExtension[],
  point: MenuExtensionPoint,
  name: string,
  menuTitle: string,
): models.ICommandExtension[] | undefined {
  const copy = JSON.parse(JSON.stringify(commands)) as models.ICommandExtension[];
  const command = copy.find((c) => {
    const entry = c.extend[point];
    return c.name === name && !!entry && entry.title === menuTitle;
  });
  if (!command) return undefined;
  delete command.extend[point];
  if (point === 'visualOptionsMenu') delete command.icon;
  return copy;
}

/**
 * Commands and groups after `updateSettings(settings)` succeeded: an `extensions` object replaces
 * whichever of the two it carries; an `extensions` array (the older shape) replaces the commands
 * with the commands of its items.
 */
export function extensionsAfterUpdate(
  settings: models.ISettings | undefined,
  commands: models.ICommandExtension[],
  groups: models.IMenuGroupExtension[],
): { commands: models.ICommandExtension[]; groups: models.IMenuGroupExtension[] } {
  const extensions = settings?.extensions;
  if (Array.isArray(extensions)) {
    return {
      commands: extensions
        .map((item) => item?.command)
        .filter((c): c is models.ICommandExtension => !!c),
      groups,
    };
  }
  return {
    commands: extensions?.commands ?? commands,
    groups: extensions?.groups ?? groups,
  };
}
