// swift-tools-version: 6.0
// A team's own package: a SessionDataStore adapter of its own (over a
// key-value table, as an app's settings database would be), proved to keep
// the port's promises by Gatehouse's contract suite, which it takes as a
// library (PortContracts) like any dependency. It depends on Gatehouse by
// path here; a team's package names Gatehouse's repository and a version.
import Foundation
import PackageDescription

/// Gatehouse's checkout: two folders up. SwiftPM names a package that is a
/// path by the folder's name, which is whatever the checkout was cloned as.
let gatehouse = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let gatehousePackage = gatehouse.lastPathComponent

let package = Package(
    name: "KeyValueSessionStore",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [.library(name: "KeyValueSessionStore", targets: ["KeyValueSessionStore"])],
    dependencies: [.package(path: gatehouse.path)],
    targets: [
        // The adapter: Ports (what it implements) and AdapterSupport (the
        // writers' turns every in-process store takes), nothing else of Gatehouse.
        .target(
            name: "KeyValueSessionStore",
            dependencies: [
                .product(name: "Ports", package: gatehousePackage),
                .product(name: "AdapterSupport", package: gatehousePackage),
            ]),
        // Its tests: the port's contract, every promise, from PortContracts;
        // a coding from Gatehouse's file adapter to write the session with.
        .testTarget(
            name: "KeyValueSessionStoreTests",
            dependencies: [
                "KeyValueSessionStore",
                .product(name: "PortContracts", package: gatehousePackage),
                .product(name: "AdapterFileKeychain", package: gatehousePackage),
                .product(name: "Ports", package: gatehousePackage),
            ]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
