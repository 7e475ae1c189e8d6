import { PROTOCOL_VERSION } from '../../shared/identity';
import { VERSION } from '../../shared/version';

export interface PeerHello {
  protocolVersion: number;
  client: string;
  version?: string;
}

/**
 * What a browser's hello says about our versions: another protocol is refused; another build of the
 * same protocol works but is told (an unpacked extension never updates itself).
 */
export function checkHello(
  hello: PeerHello,
): { refuse: string } | { warn: string; details: { client: string; connector: string } } | undefined {
  if (hello.protocolVersion !== PROTOCOL_VERSION)
    return {
      refuse: `This connector speaks protocol ${PROTOCOL_VERSION}, the ${hello.client} speaks ${hello.protocolVersion}: update the older one.`,
    };
  if (hello.version !== undefined && hello.version !== VERSION)
    return {
      warn: `The ${hello.client} is version ${hello.version} but the connector is ${VERSION}. Unpacked extensions never update themselves: reload it from the new build (chrome://extensions → reload).`,
      details: { client: hello.version, connector: VERSION },
    };
  return undefined;
}
