import NIOSSL
import PostgresNIO

extension PostgresStore {
    /// A TLS handshake the box refused, in words: the server's certificate not signed by the
    /// authority the URL trusts, or not naming the URL's host. `nil` for any other error.
    func tlsFailure(_ error: any Error) -> Failure? {
        guard let underlying = (error as? PSQLError)?.underlying else { return nil }
        let host = url.host ?? "the server"
        if let extra = underlying as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return Failure(
                description: "the server's certificate does not name \(host) (sslmode=\(url.tlsMode.rawValue));"
                    + " connect by a name or address the certificate holds")
        }
        guard let ssl = underlying as? NIOSSLError, case .handshakeFailed = ssl else { return nil }
        if let authority = url.rootCertificate, [.verifyCA, .verifyFull].contains(url.tlsMode) {
            return Failure(
                description: "the server's certificate at \(host) is not signed by the authority in \(authority)"
                    + " (sslrootcert)")
        }
        return Failure(description: "the TLS handshake with \(url) failed (\(ssl))")
    }
}
